import { z } from "zod";
import {
  CAPTION_LABEL_MAX_LENGTH,
  CAPTION_LANGUAGE_MAX_LENGTH,
  CARD_TITLE_MAX_LENGTH,
  COURSE_SLUG_MAX_LENGTH,
  COURSE_DESCRIPTION_MAX_LENGTH,
  COURSE_TITLE_MAX_LENGTH,
  DURATION_MAX_LENGTH,
  IMAGE_ALT_MAX_LENGTH,
  LESSON_DESCRIPTION_MAX_LENGTH,
  LESSON_NOTES_MAX_LENGTH,
  LESSON_TITLE_MAX_LENGTH,
  listingCategories,
  TEACHER_MAX_LENGTH,
} from "../limits.ts";
import { optionalTextSchema, requiredTextSchema } from "#app/lib/text/text-schemas.ts";
import { canonicalLanguage, languageName } from "#app/lib/text/languages.ts";

/** Addresses under /courses that are category listings, not courses. */
const reservedSlugs = new Set(["mern", "fullstack", "programming", "new"]);

const text = (label: string, min: number, max: number) => requiredTextSchema({ label, required: `${label} is required.`, min, max });

// Typed as taking text, which is what its form field sends: the listing form's fields are typed
// from this schema's input.
const wholeNumber = (label: string, max: number) =>
  z.coerce
    .number<string>({ error: `${label} must be a whole number.` })
    .int(`${label} must be a whole number.`)
    .min(0, `${label} cannot be below 0.`)
    .max(max, `${label} can be at most ${max.toLocaleString("en-US")}.`);

export const courseSlugSchema = z
  .string({ error: "The address is required." })
  .trim()
  .toLowerCase()
  .min(2, "The address needs at least 2 characters.")
  .max(COURSE_SLUG_MAX_LENGTH, `The address can have at most ${COURSE_SLUG_MAX_LENGTH} characters.`)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Use lower-case letters, digits and single hyphens, like web-design.")
  .refine((slug) => !reservedSlugs.has(slug), "This address belongs to a course listing. Please choose another.");

const imageAltSchema = optionalTextSchema({
  label: "The picture's description",
  notText: "Describe the picture in words.",
  max: IMAGE_ALT_MAX_LENGTH,
});

export const courseDetailsSchema = z.object({
  title: text("The title", 3, COURSE_TITLE_MAX_LENGTH),
  imageAlt: imageAltSchema.optional().default(""),
  description: optionalTextSchema({
    label: "The description",
    notText: "Write the description as text.",
    max: COURSE_DESCRIPTION_MAX_LENGTH,
    tooLong: `The description can have at most ${COURSE_DESCRIPTION_MAX_LENGTH.toLocaleString("en-US")} characters.`,
  })
    .optional()
    .default(""),
});

export const newCourseSchema = courseDetailsSchema.extend({ slug: courseSlugSchema });

export const listingSchema = z.object({
  category: z.enum(listingCategories.map((category) => category.id) as [string, ...string[]], "Choose a listing."),
  title: text("The card's title", 2, CARD_TITLE_MAX_LENGTH),
  teacher: text("The teacher's name", 2, TEACHER_MAX_LENGTH),
  price: wholeNumber("The price", 100_000),
  duration: text("The duration", 1, DURATION_MAX_LENGTH),
});

export const lessonSchema = z.object({
  title: text("The title", 3, LESSON_TITLE_MAX_LENGTH),
  description: text("The description", 20, LESSON_DESCRIPTION_MAX_LENGTH),
});

/** A lesson's notes, in Markdown: empty is allowed (the lesson then has none). */
export const lessonNotesSchema = z.object({
  notes: optionalTextSchema({
    label: "The notes",
    notText: "Write the notes as text.",
    max: LESSON_NOTES_MAX_LENGTH,
    tooLong: `The notes can have at most ${LESSON_NOTES_MAX_LENGTH.toLocaleString("en-US")} characters.`,
  })
    .optional()
    .default(""),
});

/**
 * The picture's field, beside those zod checks: a picture is checked by its bytes
 * (course-image.server.ts), and its problems are said on this field.
 */
export type CoursePictureField = { image?: File };

export type NewCourse = z.infer<typeof newCourseSchema>;
export type CourseDetails = z.infer<typeof courseDetailsSchema>;
export type ListingFields = z.infer<typeof listingSchema>;
export type LessonFields = z.infer<typeof lessonSchema>;

const languageRequired = "Say which language the captions are in, as a code like en, hi or ta.";

/** A language as browsers read a track's `srclang`: a BCP 47 tag, stored in its canonical form ("EN-in" becomes "en-IN"). */
const captionLanguageSchema = z
  .string({ error: languageRequired })
  .trim()
  .min(1, languageRequired)
  .max(CAPTION_LANGUAGE_MAX_LENGTH, `A language code has at most ${CAPTION_LANGUAGE_MAX_LENGTH} characters.`)
  .transform((tag, ctx) => {
    const canonical = canonicalLanguage(tag);
    if (!canonical) ctx.addIssue({ code: "custom", message: `“${tag}” is not a language code. Use one like en, hi, ta or en-IN.` });
    return canonical ?? tag;
  });

/** A captions track's language and the label its menu shows; without a label, the language's name in English. */
export const captionTrackSchema = z
  .object({
    language: captionLanguageSchema,
    label: optionalTextSchema({ label: "The label", notText: "Write the label as text.", max: CAPTION_LABEL_MAX_LENGTH })
      .optional()
      .default(""),
  })
  .transform(({ language, label }) => ({ language, label: label || languageName(language) }));
