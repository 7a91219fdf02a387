import type { Kysely } from "kysely";
import { coursesByCategory } from "#app/content/seeds/courses.ts";
import { lessonNotesByCourse } from "#app/content/seeds/lesson-notes/index.server.ts";
import { lessonsByCourse } from "#app/content/seeds/lessons/index.server.ts";
import { videoCourses } from "#app/content/seeds/video-courses.ts";
import { raiseContentVersion } from "#app/lib/content-versions/content-versions.server.ts";
import { seedOnFirstStart } from "#app/lib/db/first-start-seed.server.ts";
import type { Database } from "#app/lib/db/schema.ts";
import { captionsExtension, lessonFileStem, videoExtension } from "./media-paths.ts";
import { seedLessonId, stableAddress } from "./seed-ids.ts";

/**
 * The site's courses as they were built by hand (app/content): the courses, their addresses, their
 * cards in each category listing and their lessons, written on the first start. From then on the
 * database holds them and staff change them (/staff).
 */
function courseSeedRows(now: string) {
  const cards = Object.entries(coursesByCategory).flatMap(([category, list]) =>
    list.map((card, position) => ({ card, category, position })),
  );
  const courseAt = (path: string) => videoCourses.find((course) => course.paths.includes(path));
  const courses = videoCourses.map((course, position) => {
    const card = cards.find(({ card }) => course.paths.includes(card.readlink))?.card;
    return {
      slug: course.slug,
      title: course.title,
      image_src: stableAddress(course.image),
      image_alt: card?.img.alt ?? "",
      image_width: card?.img.width ?? 600,
      image_height: card?.img.height ?? 400,
      status: "published" as const,
      position,
      certificate_quiz: null,
      certificate_pass_percent: 60,
      created_at: now,
      updated_at: now,
    };
  });
  const paths = videoCourses.flatMap((course) =>
    course.paths.map((path, position) => ({ path_key: path.toLowerCase(), path, course_slug: course.slug, position })),
  );
  const listings = cards.map(({ card, category, position }) => {
    const course = courseAt(card.readlink);
    if (!course) throw new Error(`The course card ${card.id} links to ${card.readlink}, which is no course's address`);
    return {
      id: card.id,
      course_slug: course.slug,
      category,
      position,
      path: card.readlink,
      title: card.title,
      teacher: card.teachername,
      price: card.price,
      review_count: card.review,
      duration: card.duration,
      students: card.totalstudent,
    };
  });
  const lessons = videoCourses.flatMap((course) =>
    (lessonsByCourse[course.slug] ?? []).map((lesson, index) => {
      // Files an operator put in MEDIA_DIR by the old naming (<course>/<NN>.mp4) keep playing.
      const stem = lessonFileStem(course.slug, index + 1);
      return {
        id: seedLessonId(course.slug, index + 1),
        course_slug: course.slug,
        position: index + 1,
        title: lesson.title,
        description: lesson.description,
        status: "published" as const,
        video: stem + videoExtension,
        duration_seconds: null,
        notes: "",
        created_at: now,
        updated_at: now,
      };
    }),
  );
  // Each lesson's English captions beside its video, under the same old naming.
  const captions = lessons.map((lesson) => ({
    lesson_id: lesson.id,
    language: "en",
    label: "English",
    file: lessonFileStem(lesson.course_slug, lesson.position) + captionsExtension,
    position: 1,
    created_at: now,
  }));
  return { courses, paths, listings, lessons, captions };
}

/** Writes the seed on the first start; true when it did. */
export async function applyCourseSeed(db: Kysely<Database>): Promise<boolean> {
  const { courses, paths, listings, lessons, captions } = courseSeedRows(new Date().toISOString());
  return seedOnFirstStart(db, "courses", { videoCourses, coursesByCategory, lessonsByCourse }, async (trx) => {
    await trx.insertInto("courses").values(courses).execute();
    await trx.insertInto("course_paths").values(paths).execute();
    await trx.insertInto("course_listings").values(listings).execute();
    await trx.insertInto("lessons").values(lessons).execute();
    await trx.insertInto("lesson_captions").values(captions).execute();
    await raiseContentVersion(trx, "courses");
  });
}

/**
 * The seeded lessons' notes, written once: into a new database after the courses, and into one
 * seeded before lessons had notes. Only into a seeded lesson still titled as seeded whose notes
 * are empty, so a teacher's own lesson or notes are never overwritten.
 */
export async function applyLessonNotesSeed(db: Kysely<Database>): Promise<boolean> {
  const notesByCourse = lessonNotesByCourse();
  return seedOnFirstStart(db, "lesson-notes", notesByCourse, async (trx) => {
    for (const [course, notes] of Object.entries(notesByCourse)) {
      const lessons = lessonsByCourse[course] ?? [];
      for (const [index, text] of notes.entries()) {
        const lesson = lessons[index];
        if (!lesson) throw new Error(`lesson-notes/${course} has notes for lesson ${index + 1}, which the course does not have`);
        await trx
          .updateTable("lessons")
          .set({ notes: text })
          .where("id", "=", seedLessonId(course, index + 1))
          .where("title", "=", lesson.title)
          .where("notes", "=", "")
          .execute();
      }
    }
    await raiseContentVersion(trx, "courses");
  });
}
