import type { CatalogueCourse } from "./catalogue.server.ts";
import type { MediaCatalog } from "./lesson-media.server.ts";
import type { LessonView } from "./types.ts";

/**
 * What a video course page shows everyone. `requestedLesson` is the `?lesson=` value; without
 * it the page opens at `resumeLesson` (a signed-in learner's last), else the first.
 * Returns null when the requested lesson does not exist.
 */
export async function loadCoursePage({
  media,
  course,
  posterAddress,
  requestedLesson,
  resumeLesson,
}: {
  media: MediaCatalog;
  course: CatalogueCourse;
  /** The course picture's address for the browser. */
  posterAddress: string;
  requestedLesson: string | null;
  resumeLesson: number | null;
}) {
  const { lessons } = course;
  const page = { course: { slug: course.slug, title: course.title, image: posterAddress } };
  // A course published before its first lesson: the page says so.
  if (lessons.length === 0) return requestedLesson === null ? { ...page, lessons: [] as LessonView[], current: 0 } : null;
  const current = requestedLesson === null ? (resumeLesson ?? 1) : /^\d{1,3}$/.test(requestedLesson) ? Number(requestedLesson) : 0;
  if (current < 1 || current > lessons.length) return null;
  const files = await media.lessonMedia(lessons);
  const lessonViews: LessonView[] = lessons.map((lesson, index) => ({
    number: lesson.number,
    title: lesson.title,
    description: lesson.description,
    media: files[index] ?? null,
  }));
  return { ...page, lessons: lessonViews, current };
}
