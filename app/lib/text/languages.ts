const englishNames = new Intl.DisplayNames(["en"], { type: "language", fallback: "none" });
const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

/**
 * A BCP 47 language tag in its canonical form, language, script and region only ("EN_in" →
 * "en-IN"; extensions such as "-u-ca-buddhist" name no other language and are dropped); undefined
 * when it is not one, or names a language or region unknown to the runtime's CLDR data
 * ("english", "xx", "en-XX"), which is a typing mistake more often than a private code.
 */
export function canonicalLanguage(typed: string): string | undefined {
  try {
    const [canonical] = Intl.getCanonicalLocales(typed.replaceAll("_", "-"));
    if (!canonical) return undefined;
    const { language, region, baseName } = new Intl.Locale(canonical);
    if (!englishNames.of(language) || (region && !regionNames.of(region))) return undefined;
    return baseName;
  } catch {
    // RangeError: not a well-formed tag.
    return undefined;
  }
}

/** A known language's name in English ("hi" → "Hindi", "en-IN" → "English (India)"). */
export const languageName = (tag: string) => englishNames.of(tag) ?? tag;
