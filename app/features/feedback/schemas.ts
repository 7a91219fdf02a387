import { z } from "zod";
import { isStorableText } from "#app/lib/text/text.ts";
import { requiredTextSchema } from "#app/lib/text/text-schemas.ts";
import { COMMENT_MAX_LENGTH, IMAGE_URL_MAX_LENGTH, NAME_MAX_LENGTH, RATING_MAX } from "./limits.ts";

/** An absolute http(s) address of a picture, or nothing. The server never fetches it. */
const imageUrlSchema = z
  .string({ error: "The image address must be text." })
  .trim()
  .max(IMAGE_URL_MAX_LENGTH, `The image address can have at most ${IMAGE_URL_MAX_LENGTH} characters.`)
  .refine(
    (value) => value === "" || isWebAddress(value),
    "The image address must start with https:// or http://, like https://example.com/photo.jpg.",
  )
  .transform((value) => value || null);

function isWebAddress(value: string): boolean {
  // A relative address has no scheme and fails to parse; javascript:, data: and file: parse but are refused.
  if (!URL.canParse(value) || /\s/.test(value) || !isStorableText(value)) return false;
  const url = new URL(value);
  return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "" && !url.username && !url.password;
}

const ratingMessage = `Please choose a rating of 1 to ${RATING_MAX} whole stars.`;

/** Form posts send text; JSON clients may send a number. Whole stars only. */
const ratingSchema = z
  .union([z.string(), z.number()], { error: ratingMessage })
  .transform((value) => String(value).trim())
  .pipe(
    z
      .string()
      .regex(new RegExp(`^[1-${RATING_MAX}]$`), ratingMessage)
      .transform(Number),
  );

export const feedbackSchema = z.object({
  name: requiredTextSchema({ label: "Your name", required: "Please enter your name.", max: NAME_MAX_LENGTH }),
  comment: requiredTextSchema({ label: "Your comment", required: "Please enter your comment.", max: COMMENT_MAX_LENGTH }),
  // null as the JSON list gives it back: a client may post what it read.
  image: imageUrlSchema.nullish().transform((value) => value ?? null),
  rating: ratingSchema,
});

export type NewFeedback = z.infer<typeof feedbackSchema>;

/** Post ids: 24 hex digits, like the spec's `_id`. */
export const feedbackIdSchema = z.string().regex(/^[0-9a-f]{24}$/);

/** What the buttons of a post's page (and the wall's Hide) ask for. */
export const moderationSchema = z.object({
  intent: z.enum(["delete", "hide", "show"], { error: "Please use the Delete, Hide or Show button." }),
});
