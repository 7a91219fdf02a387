import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";
import type { CatalogueCourse } from "./catalogue.server.ts";
import type { MediaCatalog } from "./lesson-media.server.ts";
import { courseProgress, lastLessonTouched } from "./progress.server.ts";
import type { LessonView } from "./types.ts";

/**
 * Everything a video course page shows. `requestedLesson` is the `?lesson=` value;
 * without it a signed-in learner lands on the lesson they touched last.
 * Returns null when the requested lesson does not exist.
 */
export async function loadCoursePage({
  db,
  media,
  course,
  posterAddress,
  userSub,
  requestedLesson,
}: {
  db: Kysely<Database>;
  media: MediaCatalog;
  course: CatalogueCourse;
  /** The course picture's address for the browser. */
  posterAddress: string;
  userSub: string | null;
  requestedLesson: string | null;
}) {
  const { lessons } = course;
  const [files, progress] = await Promise.all([media.lessonMedia(lessons), userSub ? courseProgress(db, userSub, course.slug) : []]);
  const lastTouched = lastLessonTouched(
    progress,
    lessons.map((lesson) => lesson.id),
  );
  const signedIn = userSub !== null;
  const page = { course: { slug: course.slug, title: course.title, image: posterAddress }, signedIn };
  // A course published before its first lesson: the page says so.
  if (lessons.length === 0) return requestedLesson === null ? { ...page, lessons: [] as LessonView[], current: 0 } : null;
  const resumeLesson = lessons.find((lesson) => lesson.id === lastTouched)?.number ?? 1;
  const current = requestedLesson === null ? resumeLesson : /^\d{1,3}$/.test(requestedLesson) ? Number(requestedLesson) : 0;
  if (current < 1 || current > lessons.length) return null;

  const byLesson = new Map(progress.map((entry) => [entry.lessonId, entry]));
  const lessonViews: LessonView[] = lessons.map((lesson, index) => ({
    number: lesson.number,
    title: lesson.title,
    description: lesson.description,
    media: files[index] ?? null,
    finished: byLesson.get(lesson.id)?.finished ?? false,
    resumeSeconds: byLesson.get(lesson.id)?.positionSeconds ?? 0,
  }));
  return { ...page, lessons: lessonViews, current };
}
