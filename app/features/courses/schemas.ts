import { z } from "zod";
import { findVideoCourse, videoCourses } from "#app/content/video-courses.ts";

const courseSlugs = videoCourses.map((course) => course.slug) as [string, ...string[]];
/** A day: no lesson is longer, so a bigger position is a mistake or a forgery. */
const maxPositionSeconds = 24 * 60 * 60;

/** What the player (or the "Mark as finished" form) reports about a lesson. */
export const progressReportSchema = z
  .object({
    course: z.enum(courseSlugs, "There is no such course."),
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
    return_to: z.string().optional(),
  })
  .superRefine((report, ctx) => {
    const course = videoCourses.find((c) => c.slug === report.course);
    if (course && (report.lesson < 1 || report.lesson > course.lessonCount)) {
      ctx.addIssue({ code: "custom", path: ["lesson"], message: `${course.title} has lessons 1 to ${course.lessonCount}.` });
    }
    // Any address that shows this course (letter case and a trailing slash do not matter).
    if (course && report.return_to !== undefined && findVideoCourse(report.return_to)?.slug !== course.slug) {
      ctx.addIssue({ code: "custom", path: ["return_to"], message: "The page to return to is not this course's page." });
    }
  })
  .transform(({ position, finished, ...rest }) => ({ ...rest, positionSeconds: position, finished: finished === "true" }));
