import { z } from "zod";

/** A day: no lesson is longer, so a bigger position is a mistake or a forgery. */
const maxPositionSeconds = 24 * 60 * 60;

/** The course a course page's form is about, and the page to return to: the progress and rating forms send them. */
const courseField = z.string({ error: "There is no such course." }).regex(/^[a-z0-9-]{1,60}$/, "There is no such course.");
const returnToField = z.string().optional();

/**
 * What the player (or the "Mark as finished" form) reports about a lesson, as to its form; whether
 * the course and lesson exist is asked of the catalogue (progress-report.server.ts).
 */
export const progressReportSchema = z
  .object({
    course: courseField,
    lesson: z
      .string({ error: "Say which lesson this is about." })
      .regex(/^\d{1,3}$/, "The lesson must be a lesson number.")
      .transform(Number),
    position: z
      .string()
      .regex(/^\d{1,6}(\.\d+)?$/, "The position must be a number of seconds.")
      .transform((seconds) => Math.floor(Number(seconds)))
      .pipe(z.number().max(maxPositionSeconds, "The position is longer than any lesson."))
      .optional(),
    finished: z.enum(["true"], "Finished can only be true.").optional(),
    return_to: returnToField,
  })
  .transform(({ position, finished, ...rest }) => ({ ...rest, positionSeconds: position, finished: finished === "true" }));

/** A learner's rating of a course, as the course page's form sends it. */
export const courseRatingSchema = z.object({
  course: courseField,
  stars: z
    .string({ error: "Choose from 1 to 5 stars." })
    .regex(/^[1-5]$/, "Choose from 1 to 5 stars.")
    .transform(Number),
  return_to: returnToField,
});
