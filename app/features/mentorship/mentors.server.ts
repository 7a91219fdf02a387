// Who mentors: teachers an administrator made mentors, with what students read before booking.
import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";

export type MentorRow = Database["mentors"];

/** A mentor as the site shows them. */
export interface MentorProfile {
  sub: string;
  slug: string;
  name: string;
  bio: string;
  subjects: string[];
  courses: { slug: string; title: string; path: string }[];
  teamCard: string | null;
  meetingUrl: string | null;
  cancelCutoffHours: number;
}

const listOf = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
};

/** The courses named, with their titles and pages; a course since removed or unpublished is left out. */
async function coursesOf(db: Kysely<Database>, slugs: string[]) {
  if (slugs.length === 0) return [];
  const rows = await db
    .selectFrom("courses")
    .innerJoin("course_paths", "course_paths.course_slug", "courses.slug")
    .select(["courses.slug", "courses.title", "course_paths.path"])
    .where("courses.slug", "in", slugs)
    .where("courses.status", "=", "published")
    .where("course_paths.position", "=", 0)
    .execute();
  const found = new Map(rows.map((row) => [row.slug, row]));
  return slugs.flatMap((slug) => found.get(slug) ?? []);
}

/** The slugs of the courses a mentor named, as stored. */
export const courseSlugsOf = (row: Pick<MentorRow, "courses">) => listOf(row.courses);

export async function profileOf(db: Kysely<Database>, row: MentorRow): Promise<MentorProfile> {
  return {
    sub: row.sub,
    slug: row.slug,
    name: row.name,
    bio: row.bio,
    subjects: listOf(row.subjects),
    courses: await coursesOf(db, courseSlugsOf(row)),
    teamCard: row.team_card,
    meetingUrl: row.meeting_url,
    cancelCutoffHours: row.cancel_cutoff_hours,
  };
}

/** Mentors students can book, by name. */
export async function enabledMentors(db: Kysely<Database>): Promise<MentorProfile[]> {
  const rows = await db.selectFrom("mentors").selectAll().where("enabled_at", "is not", null).orderBy("name").execute();
  return Promise.all(rows.map((row) => profileOf(db, row)));
}

/** An enabled mentor by their page's address, case-insensitively. */
export function findMentorBySlug(db: Kysely<Database>, slug: string): Promise<MentorRow | undefined> {
  return db.selectFrom("mentors").selectAll().where("slug", "=", slug.toLowerCase()).where("enabled_at", "is not", null).executeTakeFirst();
}

/** The mentor record of a person, enabled or not. */
export function mentorRecordOf(db: Kysely<Database>, sub: string): Promise<MentorRow | undefined> {
  return db.selectFrom("mentors").selectAll().where("sub", "=", sub).executeTakeFirst();
}

/** The Our Team page's mentor cards that link a mentor's booking page: card name → address. */
export async function teamCardLinks(db: Kysely<Database>): Promise<Record<string, string>> {
  const rows = await db
    .selectFrom("mentors")
    .select(["team_card", "slug"])
    .where("enabled_at", "is not", null)
    .where("team_card", "is not", null)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.team_card!, `/mentorship/${row.slug}`]));
}

/** "Sneha Krishnan" → "sneha-krishnan"; a second mentor of the same name gets "-2", and so on. */
export async function freeSlug(db: Kysely<Database>, name: string): Promise<string> {
  const base =
    name
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 50) || "mentor";
  const taken = new Set((await db.selectFrom("mentors").select("slug").where("slug", "like", `${base}%`).execute()).map((row) => row.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
