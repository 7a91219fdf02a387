import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";
import type { CaptionFile } from "./types.ts";

/** Which lessons' captions to read: one lesson's, one course's, or those of every published lesson. */
export type CaptionScope = { lesson: string } | { course: string } | { published: true };

/** The lessons' captions files, by lesson id, each lesson's in its menu order. */
export async function captionFilesByLesson(db: Kysely<Database>, scope: CaptionScope): Promise<Map<string, CaptionFile[]>> {
  let query = db
    .selectFrom("lesson_captions")
    .innerJoin("lessons", "lessons.id", "lesson_captions.lesson_id")
    .select(["lesson_captions.lesson_id", "lesson_captions.file", "lesson_captions.language", "lesson_captions.label"])
    .orderBy("lesson_captions.lesson_id")
    .orderBy("lesson_captions.position")
    .orderBy("lesson_captions.language");
  if ("lesson" in scope) query = query.where("lessons.id", "=", scope.lesson);
  else if ("course" in scope) query = query.where("lessons.course_slug", "=", scope.course);
  else query = query.where("lessons.status", "=", "published");
  const byLesson = new Map<string, CaptionFile[]>();
  for (const { lesson_id, ...file } of await query.execute()) {
    const files = byLesson.get(lesson_id) ?? [];
    files.push(file);
    byLesson.set(lesson_id, files);
  }
  return byLesson;
}
