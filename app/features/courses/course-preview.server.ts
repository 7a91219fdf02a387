import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";
import { renderMarkdown } from "#app/lib/markdown/render-markdown.server.ts";
import type { CatalogueCourse } from "./catalogue.server.ts";
import { staffCourse } from "./editing/course-editor.server.ts";

/**
 * A course as learners will see it once published, drafts included: for its teachers' preview.
 * The lessons are numbered as the page numbers them; `draftLessons` says which are not published yet.
 */
export async function coursePreview(db: Kysely<Database>, slug: string) {
  const found = await staffCourse(db, slug);
  if (!found) return undefined;
  const { course, paths, lessons } = found;
  const catalogueCourse: CatalogueCourse = {
    slug: course.slug,
    title: course.title,
    descriptionHtml: course.description.trim() ? renderMarkdown(course.description) : "",
    image: { src: course.image_src, alt: course.image_alt, width: course.image_width, height: course.image_height },
    paths,
    lessons: lessons.map((lesson, index) => ({
      id: lesson.id,
      number: index + 1,
      title: lesson.title,
      description: lesson.description,
      video: lesson.video,
      captions: lesson.captions,
      durationSeconds: lesson.duration_seconds,
    })),
  };
  return {
    course: catalogueCourse,
    status: course.status,
    draftLessons: lessons.flatMap((lesson, index) => (lesson.status === "published" ? [] : [index + 1])),
  };
}
