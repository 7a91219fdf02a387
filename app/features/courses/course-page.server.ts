import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";
import { renderMarkdown } from "#app/lib/markdown/render-markdown.server.ts";
import type { CatalogueCourse } from "./catalogue.server.ts";
import type { MediaCatalog } from "./lesson-media.server.ts";
import type { LessonView } from "./types.ts";

/**
 * What a video course page shows everyone. `requestedLesson` is the `?lesson=` value; without
 * it the page opens at `resumeLesson` (a signed-in learner's last), else the first.
 * Returns null when the requested lesson does not exist.
 */
export async function loadCoursePage({
  db,
  media,
  course,
  posterAddress,
  requestedLesson,
  resumeLesson,
}: {
  db: Kysely<Database>;
  media: MediaCatalog;
  course: CatalogueCourse;
  /** The course picture's address for the browser. */
  posterAddress: string;
  requestedLesson: string | null;
  resumeLesson: number | null;
}) {
  const { lessons } = course;
  const page = { course: { slug: course.slug, title: course.title, image: posterAddress, descriptionHtml: course.descriptionHtml } };
  // A course published before its first lesson: the page says so.
  if (lessons.length === 0) return requestedLesson === null ? { ...page, lessons: [] as LessonView[], current: 0, notes: "" } : null;
  const current = requestedLesson === null ? (resumeLesson ?? 1) : /^\d{1,3}$/.test(requestedLesson) ? Number(requestedLesson) : 0;
  if (current < 1 || current > lessons.length) return null;
  const files = await media.lessonMedia(lessons);
  const lessonViews: LessonView[] = lessons.map((lesson, index) => ({
    number: lesson.number,
    title: lesson.title,
    description: lesson.description,
    media: files[index] ?? null,
  }));
  return { ...page, lessons: lessonViews, current, notes: await lessonNotesHtml(db, lessons[current - 1]!.id) };
}

/**
 * The lesson's notes as HTML, empty when none are written. Read per lesson, not with the course
 * catalogue: a page shows one lesson's notes, and is kept once rendered (app/lib/content-versions).
 */
async function lessonNotesHtml(db: Kysely<Database>, lessonId: string): Promise<string> {
  const row = await db.selectFrom("lessons").select("notes").where("id", "=", lessonId).executeTakeFirst();
  return row?.notes.trim() ? renderMarkdown(row.notes) : "";
}
