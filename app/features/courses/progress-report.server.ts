import type { CourseCatalogue } from "./catalogue.server.ts";
import { notThisCoursePage, returnsToCourse } from "./course-page-forms.server.ts";
import { progressReportSchema } from "./schemas.ts";

type Reading =
  | {
      ok: true;
      report: { course: string; lessonId: string; lesson: number; positionSeconds?: number; finished: boolean };
      returnTo?: string;
    }
  | { ok: false; message: string };

/** Reads a progress report and checks it against the published courses: every problem in one message. */
export function readProgressReport(fields: Record<string, unknown>, catalogue: CourseCatalogue): Reading {
  const parsed = progressReportSchema.safeParse(fields);
  const problems = parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
  const course = catalogue.course(typeof fields.course === "string" ? fields.course : "");
  if (parsed.success && !course) problems.push("There is no such course.");
  if (!parsed.success || !course) return { ok: false, message: problems.join(" ") };
  const { return_to: returnTo, lesson: number, ...rest } = parsed.data;
  const lesson = course.lessons[number - 1];
  if (!lesson) problems.push(`${course.title} has lessons 1 to ${course.lessons.length}.`);
  if (!returnsToCourse(catalogue, returnTo, course.slug)) problems.push(notThisCoursePage);
  if (!lesson || problems.length) return { ok: false, message: problems.join(" ") };
  return { ok: true, report: { ...rest, lesson: number, lessonId: lesson.id }, returnTo };
}
