// Course and quiz teams: who may change a course or a quiz. Owners manage the team and teachers
// change the content; administrators, who are on no team, change everything. People are named by
// the address they sign in with, so a teacher can be added before their first sign-in.
import { sql, type Kysely, type Transaction } from "kysely";
import { isPostgres } from "#app/lib/db/engine.server.ts";
import { recordStaffAction, type StaffActor } from "#app/lib/db/audit-log.server.ts";
import type { Database } from "#app/lib/db/schema.ts";
import { done, refused, staffChange, type EditResult } from "#app/features/staff/index.server.ts";
import { adminRoles, contentRoles, isStaffFor, type Role } from "#app/features/auth/index.ts";
import { normaliseEmail } from "#app/features/auth/index.server.ts";
import { type ContentKind, type TeamAccess, type TeamMember, type TeamRole } from "./types.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** The role this address has on the course or quiz, if any. */
export async function teamRoleOf(db: Db, kind: ContentKind, slug: string, email: string | null): Promise<TeamRole | null> {
  if (!email) return null;
  const row = await db
    .selectFrom("content_teams")
    .select("role")
    .where("content_kind", "=", kind)
    .where("content_slug", "=", slug)
    .where("email", "=", normaliseEmail(email))
    .executeTakeFirst();
  return row?.role ?? null;
}

/**
 * Whether this person may change this course or quiz: an administrator always, a teacher when on
 * its team by the address their sign-in service vouched for (`trustedEmail`).
 */
export async function accessTo(
  db: Db,
  person: { role: Role; trustedEmail: string | null },
  kind: ContentKind,
  slug: string,
): Promise<TeamAccess | null> {
  if (isStaffFor(adminRoles, person.role)) return "admin";
  if (!isStaffFor(contentRoles, person.role)) return null;
  return teamRoleOf(db, kind, slug, person.trustedEmail);
}

/** The courses or quizzes this address is on the team of. */
export async function slugsOfTeamsOf(db: Db, kind: ContentKind, email: string | null): Promise<Set<string>> {
  if (!email) return new Set();
  const rows = await db
    .selectFrom("content_teams")
    .select("content_slug")
    .where("email", "=", normaliseEmail(email))
    .where("content_kind", "=", kind)
    .execute();
  return new Set(rows.map((row) => row.content_slug));
}

/** A course's or quiz's team, owners first, each with their name once they have signed in. */
export async function teamOf(db: Db, kind: ContentKind, slug: string): Promise<TeamMember[]> {
  const rows = await db
    .selectFrom("content_teams")
    .leftJoin("people", "people.email", "content_teams.email")
    .select(["content_teams.email", "content_teams.role", "content_teams.added_at", "people.name"])
    .where("content_kind", "=", kind)
    .where("content_slug", "=", slug)
    .orderBy("content_teams.role")
    .orderBy("content_teams.added_at")
    .execute();
  // Two accounts may have once used one address: the team names it once.
  const seen = new Set<string>();
  return rows
    .filter((row) => !seen.has(row.email) && seen.add(row.email))
    .map((row) => ({ email: row.email, role: row.role, name: row.name ?? null, addedAt: row.added_at }));
}

/** The creator of a course or quiz becomes its first owner, in the transaction that creates it. */
export async function addFirstOwner(trx: Transaction<Database>, kind: ContentKind, slug: string, email: string, actor: StaffActor) {
  await trx
    .insertInto("content_teams")
    .values({
      content_kind: kind,
      content_slug: slug,
      email: normaliseEmail(email),
      role: "owner",
      added_at: new Date().toISOString(),
      added_by: actor.name,
    })
    .execute();
}

/**
 * Two owners taking each other off at once must not leave none: on PostgreSQL the changes to one
 * team wait for each other; SQLite runs one writing transaction at a time.
 */
async function lockTeam(trx: Transaction<Database>, kind: ContentKind, slug: string) {
  if (isPostgres<Database>(trx)) await sql`select pg_advisory_xact_lock(hashtextextended(${`team:${kind}:${slug}`}, 0))`.execute(trx);
}

const ownerCount = async (trx: Db, kind: ContentKind, slug: string) =>
  (
    await trx
      .selectFrom("content_teams")
      .select("email")
      .where("content_kind", "=", kind)
      .where("content_slug", "=", slug)
      .where("role", "=", "owner")
      .execute()
  ).length;

/** Adds a person to a team, or changes their role on it; audited. */
export async function putTeamMember(
  db: Kysely<Database>,
  actor: StaffActor,
  kind: ContentKind,
  slug: string,
  member: { email: string; role: TeamRole },
): Promise<EditResult<undefined>> {
  const email = normaliseEmail(member.email);
  return staffChange(db, null, async (trx) => {
    await lockTeam(trx, kind, slug);
    const before = await teamRoleOf(trx, kind, slug, email);
    if (before === member.role)
      return refused(409, `${email} is already ${member.role === "owner" ? "an owner" : "a teacher"} of this ${kind}.`);
    if (before === "owner" && (await ownerCount(trx, kind, slug)) === 1) {
      return refused(409, `${email} is this ${kind}'s only owner: make someone else an owner first.`);
    }
    const row = { role: member.role, added_at: new Date().toISOString(), added_by: actor.name };
    await trx
      .insertInto("content_teams")
      .values({ content_kind: kind, content_slug: slug, email, ...row })
      .onConflict((conflict) => conflict.columns(["content_kind", "content_slug", "email"]).doUpdateSet({ role: member.role }))
      .execute();
    await recordStaffAction(trx, actor, {
      action: `${kind}.team`,
      subject: `${kind}:${slug}`,
      before: before ? { email, role: before } : null,
      after: { email, role: member.role },
    });
    return done(undefined);
  });
}

/** Takes a person off a team; never its last owner. Audited. */
export async function removeTeamMember(
  db: Kysely<Database>,
  actor: StaffActor,
  kind: ContentKind,
  slug: string,
  address: string,
): Promise<EditResult<undefined>> {
  const email = normaliseEmail(address);
  return staffChange(db, null, async (trx) => {
    await lockTeam(trx, kind, slug);
    const before = await teamRoleOf(trx, kind, slug, email);
    if (!before) return refused(404, `${email} is not on this ${kind}'s team. Reload the page to see who is.`);
    if (before === "owner" && (await ownerCount(trx, kind, slug)) === 1) {
      return refused(409, `${email} is this ${kind}'s only owner: make someone else an owner first.`);
    }
    await trx
      .deleteFrom("content_teams")
      .where("content_kind", "=", kind)
      .where("content_slug", "=", slug)
      .where("email", "=", email)
      .execute();
    await recordStaffAction(trx, actor, {
      action: `${kind}.team`,
      subject: `${kind}:${slug}`,
      before: { email, role: before },
      after: null,
    });
    return done(undefined);
  });
}
