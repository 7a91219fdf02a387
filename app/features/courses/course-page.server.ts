import type { Kysely } from "kysely";
import { lessonsByCourse } from "#app/content/lessons/index.server.ts";
import type { VideoCourse } from "#app/content/video-courses.ts";
import type { Database } from "#app/lib/db/schema.ts";
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
  userSub,
  requestedLesson,
}: {
  db: Kysely<Database>;
  media: MediaCatalog;
  course: VideoCourse;
  userSub: string | null;
  requestedLesson: string | null;
}) {
  const lessons = lessonsByCourse[course.slug]!;
  const [files, progress] = await Promise.all([
    media.lessonMedia(course.slug, lessons.length),
    userSub ? courseProgress(db, userSub, course.slug) : [],
  ]);
  const lastTouched = lastLessonTouched(progress);
  // A stored lesson beyond today's list (a course made shorter) opens lesson 1.
  const resumeLesson = lastTouched !== null && lastTouched <= lessons.length ? lastTouched : 1;
  const current = requestedLesson === null ? resumeLesson : /^\d{1,3}$/.test(requestedLesson) ? Number(requestedLesson) : 0;
  if (current < 1 || current > lessons.length) return null;

  const byLesson = new Map(progress.map((entry) => [entry.lesson, entry]));
  const lessonViews: LessonView[] = lessons.map((lesson, index) => ({
    number: index + 1,
    title: lesson.title,
    description: lesson.description,
    media: files[index] ?? null,
    finished: byLesson.get(index + 1)?.finished ?? false,
    resumeSeconds: byLesson.get(index + 1)?.positionSeconds ?? 0,
  }));
  return {
    course: { slug: course.slug, title: course.title, image: course.image },
    lessons: lessonViews,
    current,
    signedIn: userSub !== null,
  };
}
