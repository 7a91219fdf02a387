const englishNames = new Intl.DisplayNames(["en"], { type: "language", fallback: "none" });

/**
 * A BCP 47 language tag in its canonical form ("EN_in" → "en-IN"); undefined when it is not one or
 * names no language known to the runtime's CLDR data ("english", "xx"), which is a typing mistake
 * more often than a private code.
 */
export function canonicalLanguage(typed: string): string | undefined {
  try {
    const [canonical] = Intl.getCanonicalLocales(typed.replaceAll("_", "-"));
    const language = canonical && new Intl.Locale(canonical).language;
    return language && englishNames.of(language) ? canonical : undefined;
  } catch {
    // RangeError: not a well-formed tag.
    return undefined;
  }
}

/** A known language's name in English ("hi" → "Hindi", "en-IN" → "English (India)"). */
export const languageName = (tag: string) => englishNames.of(tag) ?? tag;
