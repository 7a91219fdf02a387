// The one place that decides whether a value a person typed is text the site can keep, and
// whether it says anything. Every schema of a typed name, title or comment builds on these
// (text-schemas.ts). No zod here: pages' browser code reads these checks too.

/**
 * NUL is refused by PostgreSQL in text (the statement fails, a 500); a lone surrogate half has no
 * UTF-8 form and would be stored silently changed into U+FFFD.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const unstorable = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether both database engines store `value` exactly as it is. */
export function isStorableText(value: string): boolean {
  return !unstorable.test(value);
}

/** The number (from 1) of the first line of a text file that a database would refuse or change, or null. */
export function firstUnstorableLine(text: string): number | null {
  const index = text.split(/\r\n|\r|\n/).findIndex((line) => !isStorableText(line));
  return index < 0 ? null : index + 1;
}

/**
 * Characters that draw nothing: spaces, control and format characters (zero-width spaces and
 * joiners, bidi controls), the other default-ignorable ones (Hangul fillers, variation selectors,
 * tags) and the blank Braille pattern, which fonts draw as an empty cell.
 */
const invisible = /[\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u;

/** Whether `value` shows at least one character on the page. */
export function hasVisibleCharacter(value: string): boolean {
  for (const character of value) {
    if (!invisible.test(character) && isStorableText(character)) return true;
  }
  return false;
}

export const unstorableTextMessage = (label: string) =>
  `${label} contains a character that cannot be stored (a NUL or a broken character). Please type it again.`;
