import type { Kysely, Transaction } from "kysely";
import type { Database, PublicationStatus } from "#app/lib/db/schema.ts";
import { randomBytes } from "node:crypto";
import { recordStaffAction, type StaffActor } from "#app/lib/db/audit-log.server.ts";
import {
  done,
  endPosition,
  notFound,
  refused,
  staffChange,
  statusAfter,
  type EditResult,
  type StatusChange,
} from "#app/features/staff/index.server.ts";
import { addFirstOwner } from "#app/features/teams/index.server.ts";
import { captionFilesByLesson } from "../caption-files.server.ts";
import { lockedTracks } from "./caption-tracks.server.ts";
import type { CourseDetails, LessonFields, ListingFields, NewCourse } from "./schemas.ts";

/** What a course gets until staff upload a picture of its own. */
const PLACEHOLDER_COURSE_IMAGE = "/images/courses/new-course.svg";

const change = <T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<EditResult<T>>) => staffChange(db, "courses", work);

const now = () => new Date().toISOString();

/** Every course, drafts included, for the staff list. */
export async function staffCourseList(db: Kysely<Database>) {
  const [courses, lessons] = await Promise.all([
    db.selectFrom("courses").select(["slug", "title", "status", "updated_at"]).orderBy("position").orderBy("slug").execute(),
    db
      .selectFrom("lessons")
      .select((eb) => ["course_slug", "status", eb.fn.countAll<number | string>().as("count")])
      .groupBy(["course_slug", "status"])
      .execute(),
  ]);
  const count = (slug: string, status: PublicationStatus) =>
    Number(lessons.find((row) => row.course_slug === slug && row.status === status)?.count ?? 0);
  return courses.map((course) => ({ ...course, published: count(course.slug, "published"), drafts: count(course.slug, "draft") }));
}

/** One course with everything the editor shows, drafts included; undefined when there is none. */
export async function staffCourse(db: Kysely<Database>, slug: string) {
  const course = await db.selectFrom("courses").selectAll().where("slug", "=", slug).executeTakeFirst();
  if (!course) return undefined;
  const [paths, listings, lessonRows, captions] = await Promise.all([
    db.selectFrom("course_paths").select("path").where("course_slug", "=", slug).orderBy("position").execute(),
    db.selectFrom("course_listings").selectAll().where("course_slug", "=", slug).orderBy("category").orderBy("position").execute(),
    db.selectFrom("lessons").selectAll().where("course_slug", "=", slug).orderBy("position").orderBy("id").execute(),
    captionFilesByLesson(db, { course: slug }),
  ]);
  return {
    course,
    paths: paths.map((row) => row.path),
    listings,
    lessons: lessonRows.map((lesson) => ({ ...lesson, captions: captions.get(lesson.id) ?? [] })),
  };
}

export async function staffLesson(db: Kysely<Database>, id: string) {
  return db.selectFrom("lessons").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A new draft course; `owner`, the creator's address, becomes its first owner. */
export async function createCourse(
  db: Kysely<Database>,
  actor: StaffActor,
  owner: string | null,
  fields: NewCourse,
  image: { src: string; width: number; height: number } | null,
): Promise<EditResult<string>> {
  const path = `/courses/${fields.slug}`;
  return change(db, async (trx) => {
    const taken =
      (await trx.selectFrom("courses").select("slug").where("slug", "=", fields.slug).executeTakeFirst()) ??
      (await trx.selectFrom("course_paths").select("path_key as slug").where("path_key", "=", path).executeTakeFirst());
    if (taken) return refused(409, `There is already a course at ${path}. Please choose another address.`);
    const row = {
      slug: fields.slug,
      title: fields.title,
      description: fields.description,
      image_src: image?.src ?? PLACEHOLDER_COURSE_IMAGE,
      image_alt: image ? fields.imageAlt : "",
      image_width: image?.width ?? 600,
      image_height: image?.height ?? 400,
      status: "draft" as const,
      position: await endPosition(trx, "courses"),
      certificate_quiz: null,
      certificate_pass_percent: 60,
      created_at: now(),
      updated_at: now(),
    };
    await trx.insertInto("courses").values(row).execute();
    await trx.insertInto("course_paths").values({ path_key: path, path, course_slug: fields.slug, position: 0 }).execute();
    if (owner) await addFirstOwner(trx, "course", fields.slug, owner, actor);
    await recordStaffAction(trx, actor, { action: "course.create", subject: `course:${fields.slug}`, after: { ...row, owner } });
    return done(fields.slug);
  });
}

export async function updateCourseDetails(
  db: Kysely<Database>,
  actor: StaffActor,
  slug: string,
  fields: CourseDetails,
  image: { src: string; width: number; height: number } | null,
): Promise<EditResult<{ replacedImage: string | null }>> {
  return change(db, async (trx) => {
    const before = await trx.selectFrom("courses").selectAll().where("slug", "=", slug).executeTakeFirst();
    if (!before) return notFound("course");
    const update = {
      title: fields.title,
      description: fields.description,
      image_alt: fields.imageAlt,
      ...(image ? { image_src: image.src, image_width: image.width, image_height: image.height } : {}),
      updated_at: now(),
    };
    await trx.updateTable("courses").set(update).where("slug", "=", slug).execute();
    await recordStaffAction(trx, actor, { action: "course.update", subject: `course:${slug}`, before, after: { ...before, ...update } });
    return done({ replacedImage: image && before.image_src !== image.src ? before.image_src : null });
  });
}

export async function setCourseStatus(db: Kysely<Database>, actor: StaffActor, slug: string, statusChange: StatusChange) {
  return change(db, async (trx) => {
    const before = await trx.selectFrom("courses").select(["status"]).where("slug", "=", slug).executeTakeFirst();
    if (!before) return notFound("course");
    const after = statusAfter(before.status, statusChange, "course");
    if (!after.ok) return refused(409, after.message);
    const { status } = after;
    await trx.updateTable("courses").set({ status, updated_at: now() }).where("slug", "=", slug).execute();
    await recordStaffAction(trx, actor, {
      action: `course.${statusChange}`,
      subject: `course:${slug}`,
      before,
      after: { status },
    });
    return done(undefined);
  });
}

/** A course's certificate rule: the quiz it asks for (null: every lesson finished is enough) and its pass mark. */
export async function setCertificateRule(
  db: Kysely<Database>,
  actor: StaffActor,
  slug: string,
  rule: { quiz: string | null; passPercent: number },
) {
  return change(db, async (trx) => {
    const before = await trx
      .selectFrom("courses")
      .select(["certificate_quiz", "certificate_pass_percent"])
      .where("slug", "=", slug)
      .executeTakeFirst();
    if (!before) return notFound("course");
    // A draft quiz cannot be taken, so a rule naming one could never be met.
    const quiz =
      rule.quiz === null
        ? null
        : await trx.selectFrom("quizzes").select("slug").where("slug", "=", rule.quiz).where("status", "=", "published").executeTakeFirst();
    if (rule.quiz !== null && !quiz) return refused(400, "There is no such published quiz. Choose one from the list.");
    const after = { certificate_quiz: rule.quiz, certificate_pass_percent: rule.passPercent };
    await trx
      .updateTable("courses")
      .set({ ...after, updated_at: now() })
      .where("slug", "=", slug)
      .execute();
    await recordStaffAction(trx, actor, { action: "course.certificate-rule", subject: `course:${slug}`, before, after });
    return done(undefined);
  });
}

const listingRow = (fields: ListingFields) => ({
  category: fields.category,
  title: fields.title,
  teacher: fields.teacher,
  price: fields.price,
  duration: fields.duration,
});

/** A card for the course in a category listing, at the end of it, linking to the course's own address. */
export async function addListing(db: Kysely<Database>, actor: StaffActor, slug: string, fields: ListingFields) {
  return change(db, async (trx) => {
    const path = await trx.selectFrom("course_paths").select("path").where("course_slug", "=", slug).orderBy("position").executeTakeFirst();
    if (!path) return notFound("course");
    const row = {
      id: `${fields.category}-${slug}-${randomBytes(3).toString("hex")}`,
      course_slug: slug,
      position: await endPosition(trx, "course_listings", ["category", fields.category]),
      path: path.path,
      ...listingRow(fields),
      review_count: 0,
      students: 0,
    };
    await trx.insertInto("course_listings").values(row).execute();
    await recordStaffAction(trx, actor, { action: "listing.create", subject: `listing:${row.id}`, after: row });
    return done(row.id);
  });
}

export async function updateListing(db: Kysely<Database>, actor: StaffActor, slug: string, id: string, fields: ListingFields) {
  return change(db, async (trx) => {
    const before = await trx
      .selectFrom("course_listings")
      .selectAll()
      .where("id", "=", id)
      .where("course_slug", "=", slug)
      .executeTakeFirst();
    if (!before) return notFound("course card");
    const update = listingRow(fields);
    // Moved to another listing: it goes to the end of that one.
    const position =
      update.category === before.category ? before.position : await endPosition(trx, "course_listings", ["category", update.category]);
    await trx
      .updateTable("course_listings")
      .set({ ...update, position })
      .where("id", "=", id)
      .execute();
    await recordStaffAction(trx, actor, {
      action: "listing.update",
      subject: `listing:${id}`,
      before,
      after: { ...before, ...update, position },
    });
    return done(undefined);
  });
}

export async function removeListing(db: Kysely<Database>, actor: StaffActor, slug: string, id: string) {
  return change(db, async (trx) => {
    const before = await trx
      .selectFrom("course_listings")
      .selectAll()
      .where("id", "=", id)
      .where("course_slug", "=", slug)
      .executeTakeFirst();
    if (!before) return notFound("course card");
    await trx.deleteFrom("course_listings").where("id", "=", id).execute();
    await recordStaffAction(trx, actor, { action: "listing.delete", subject: `listing:${id}`, before });
    return done(undefined);
  });
}

export async function createLesson(db: Kysely<Database>, actor: StaffActor, slug: string, fields: LessonFields) {
  return change(db, async (trx) => {
    const course = await trx.selectFrom("courses").select("slug").where("slug", "=", slug).executeTakeFirst();
    if (!course) return notFound("course");
    const row = {
      id: `${slug}-${randomBytes(5).toString("hex")}`,
      course_slug: slug,
      // Lessons count from 1, as the seed numbers them.
      position: await endPosition(trx, "lessons", ["course_slug", slug], 1),
      title: fields.title,
      description: fields.description,
      status: "draft" as const,
      video: null,
      duration_seconds: null,
      notes: "",
      created_at: now(),
      updated_at: now(),
    };
    await trx.insertInto("lessons").values(row).execute();
    await recordStaffAction(trx, actor, { action: "lesson.create", subject: `lesson:${row.id}`, after: row });
    return done(row.id);
  });
}

/** Changes some of a lesson's fields (its text, its status, its files) in one audited step. */
export async function updateLesson(
  db: Kysely<Database>,
  actor: StaffActor,
  id: string,
  action: string,
  update: Partial<Pick<Database["lessons"], "title" | "description" | "notes" | "status" | "video" | "duration_seconds">>,
): Promise<EditResult<Database["lessons"]>> {
  return change(db, async (trx) => {
    const before = await trx.selectFrom("lessons").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) return notFound("lesson");
    await trx
      .updateTable("lessons")
      .set({ ...update, updated_at: now() })
      .where("id", "=", id)
      .execute();
    await recordStaffAction(trx, actor, { action, subject: `lesson:${id}`, before, after: { ...before, ...update } });
    return done(before);
  });
}

/** Deletes a draft lesson with its captions tracks; answers its files, for the caller to remove. */
export async function deleteLesson(db: Kysely<Database>, actor: StaffActor, id: string): Promise<EditResult<{ files: string[] }>> {
  return change(db, async (trx) => {
    // Locked first: a captions track saved meanwhile is then either among these or refused as of no lesson.
    const captions = await lockedTracks(trx, id);
    const lesson = await trx.selectFrom("lessons").selectAll().where("id", "=", id).executeTakeFirst();
    if (!lesson || !captions) return notFound("lesson");
    if (lesson.status === "published")
      return refused(409, "Unpublish the lesson before deleting it, so learners are not left on a missing lesson.");
    // Its tracks go with it (the foreign key's ON DELETE CASCADE).
    await trx.deleteFrom("lessons").where("id", "=", id).execute();
    await recordStaffAction(trx, actor, { action: "lesson.delete", subject: `lesson:${id}`, before: { ...lesson, captions } });
    return done({ files: [lesson.video, ...captions.map((track) => track.file)].filter((file) => file !== null) });
  });
}

/**
 * Puts a course's lessons in the given order. `order` must name every lesson of the course once:
 * a list made from an out-of-date page (a lesson added meanwhile) is refused, not half applied.
 */
export async function reorderLessons(db: Kysely<Database>, actor: StaffActor, slug: string, order: readonly string[]) {
  return change(db, async (trx) => {
    const lessons = await trx
      .selectFrom("lessons")
      .select(["id", "position"])
      .where("course_slug", "=", slug)
      .orderBy("position")
      .orderBy("id")
      .execute();
    const ids = lessons.map((lesson) => lesson.id);
    if (order.length !== ids.length || new Set(order).size !== order.length || !order.every((id) => ids.includes(id))) {
      return refused(409, "The lessons have changed since this page was opened. Reload it and move the lesson again.");
    }
    for (const [index, id] of order.entries()) {
      await trx
        .updateTable("lessons")
        .set({ position: index + 1 })
        .where("id", "=", id)
        .execute();
    }
    await recordStaffAction(trx, actor, { action: "lesson.reorder", subject: `course:${slug}`, before: ids, after: order });
    return done(undefined);
  });
}

/** The course's lesson order with one lesson moved a place up or down (the no-JavaScript buttons). */
export async function lessonOrderAfterMove(db: Kysely<Database>, slug: string, id: string, direction: "up" | "down") {
  const ids = (await db.selectFrom("lessons").select("id").where("course_slug", "=", slug).orderBy("position").orderBy("id").execute()).map(
    (row) => row.id,
  );
  const from = ids.indexOf(id);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from === -1 || to < 0 || to >= ids.length) return ids;
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  return ids;
}
