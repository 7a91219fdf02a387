// The schemas of typed text (names, titles, comments), built on the checks of text.ts. Imported by
// server code only (features' schemas.ts): zod stays out of the browser bundle (decision 012).
import { z } from "zod";
import { hasVisibleCharacter, isStorableText, unstorableTextMessage } from "./text.ts";

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
