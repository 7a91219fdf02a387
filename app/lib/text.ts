// The one place that decides whether a value a person typed is text the site can keep, and
// whether it says anything. Every schema of a typed name, title or comment builds on these.
import { z } from "zod";

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

interface TextRules {
  /** What is asked for, as the start of a sentence: "Your name", "The title". */
  label: string;
  /** Shown when nothing visible was typed; also when the value is not text at all (a JSON object). */
  required: string;
  max: number;
  /** At least this many characters (after trimming); 1 unless given. */
  min?: number;
  /** Said of a value over `max`, when a form words it its own way; "<label> can have at most <max> characters." unless given. */
  tooLong?: string;
}

/** The messages every typed-text schema shares, from its rules. */
function messages({ label, max, min = 1, tooLong }: TextRules) {
  return {
    tooShort: `${label} needs at least ${min} characters.`,
    tooLong: tooLong ?? `${label} can have at most ${max} characters.`,
    unstorable: unstorableTextMessage(label),
  };
}

/**
 * A required piece of typed text (a name, a title, a comment): trimmed, storable, with at least one
 * visible character, within its length. A value that is not a string gets `required`, never a 500.
 */
export function requiredTextSchema(rules: TextRules) {
  const { required, max, min = 1 } = rules;
  const says = messages(rules);
  return z
    .string({ error: required })
    .trim()
    .refine(isStorableText, { message: says.unstorable, abort: true })
    .refine(hasVisibleCharacter, { message: required, abort: true })
    .min(min, min <= 1 ? required : says.tooShort)
    .max(max, says.tooLong);
}

/**
 * Optional typed text: trimmed and storable; only invisible characters count as nothing, stored
 * as "". A value that is not a string gets `notText`.
 */
export function optionalTextSchema(rules: Omit<TextRules, "required" | "min"> & { notText: string }) {
  const says = messages({ ...rules, required: rules.notText });
  return z
    .string({ error: rules.notText })
    .trim()
    .refine(isStorableText, { message: says.unstorable, abort: true })
    .transform((value) => (hasVisibleCharacter(value) ? value : ""))
    .pipe(z.string().max(rules.max, says.tooLong));
}
