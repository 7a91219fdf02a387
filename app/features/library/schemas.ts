import { z } from "zod";
import { requiredTextSchema } from "#app/lib/text/text-schemas.ts";
import { googleIdPrefix } from "./google-books.server.ts";
import { MAX_PAGE, SEARCH_TEXT_MAX_LENGTH } from "./limits.ts";

/** Control characters (a pasted NUL or tab) are spaces to a search. */
const withoutControls = (text: string) => text.replace(/\p{Cc}/gu, " ");

const searchTextSchema = z
  .string()
  .transform(withoutControls)
  .pipe(
    requiredTextSchema({
      label: "Your search",
      required: "Please type a few words of a title, an author or a subject, then press Search.",
      max: SEARCH_TEXT_MAX_LENGTH,
      tooLong: `Your search can be at most ${SEARCH_TEXT_MAX_LENGTH} characters long. Please shorten it.`,
    }),
  );

/** A form's value, or null when absent or empty. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional()).transform((value) => value ?? null);

/** The search form's fields as `/library?q=…&free=1&subject=…&language=…&page=…` carries them. */
export const librarySearchSchema = z.object({
  q: searchTextSchema,
  free: z
    .enum(["", "1", "on", "true"], { error: "The “Free e-books only” filter can only be on or off." })
    .default("")
    .transform((value) => value !== ""),
  subject: optional(
    z
      .string()
      .transform((text) => withoutControls(text).trim().toLowerCase())
      .pipe(z.string().max(SEARCH_TEXT_MAX_LENGTH, "Please choose a subject from the list.")),
  ).transform((subject) => subject || null),
  language: optional(
    z
      .string()
      .regex(/^[a-zA-Z]{2,3}$/, "Please choose a language from the list.")
      .transform((code) => code.toLowerCase()),
  ),
  page: z
    .string()
    .regex(/^\d{1,6}$/, `The page must be a whole number from 1 to ${MAX_PAGE}.`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, `The page must be a whole number from 1 to ${MAX_PAGE}.`)
        .max(MAX_PAGE, `Results go up to page ${MAX_PAGE}. Please add a word or a filter to narrow your search.`),
    )
    .default(1),
});

/** A book id as cards carry them: catalogue ("isbn:…", "<source>:<id>"), suggested or the books service's. */
export const bookIdSchema = z
  .string({ error: "Please choose a book." })
  .max(240, "That book id is not one of ours.")
  .regex(/^[a-z][a-z0-9-]{0,31}:[^\p{Cc}]+$/u, "That book id is not one of ours.")
  .refine((id) => !id.startsWith(googleIdPrefix) || /^google:[\w-]{1,64}$/.test(id), "That book id is not one of ours.");

export const readingListPostSchema = z.object({
  intent: z.enum(["save", "remove"], { error: "Please use the Save or Remove button." }),
  book: bookIdSchema,
});
