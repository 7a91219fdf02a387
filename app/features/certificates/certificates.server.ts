// Certificates of completion: issued once a learner has finished every published lesson of a
// course and, when the course asks for it, passed its quiz at the course's mark; verified by anyone
// at /certificates/<id>; revoked by an administrator, with a reason, in the audit log.
import { randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { contactDetails } from "#app/content/contact.ts";
import type { SessionUser } from "#app/features/auth/index.server.ts";
import { courseCatalogue, finishedLessonIds } from "#app/features/courses/index.server.ts";
import { recordStaffAction, type StaffActor } from "#app/lib/db/audit-log.server.ts";
import type { Database } from "#app/lib/db/schema.ts";
import { done, notFound, refused, staffChange, type EditResult } from "#app/features/staff/index.server.ts";
import type { CertificateView } from "./types.ts";

const base32 = "abcdefghijklmnopqrstuvwxyz234567";

/** 20 random bytes as 32 letters and digits: an address no one guesses. */
export function newCertificateId(): string {
  const bytes = randomBytes(20);
  let bits = 0;
  let value = 0;
  let id = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      id += base32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return id;
}

/** What a certificate id looks like; anything else is no certificate. */
export const isCertificateId = (text: string) => /^[a-z2-7]{32}$/.test(text);

/**
 * A certificate names its holder to anyone who checks it, so only a person's name will do: a
 * sign-in service that sends none leaves the email address (or the id) in its place, which the
 * public page must not show.
 */
export function hasRealName(user: Pick<SessionUser, "sub" | "name">): boolean {
  const name = user.name.trim();
  // No name has an @: an address in its place is caught whatever letter case the provider sent.
  return name !== "" && name !== user.sub && !name.includes("@");
}

/** A course's completion rule: its quiz (null: none) and the mark it must be passed at. */
interface CompletionRule {
  quiz: string | null;
  passPercent: number;
}

/** The learner's best result in a quiz, in per cent (null: no attempt kept). */
async function bestPercent(db: Kysely<Database>, userSub: string, quizSlug: string): Promise<number | null> {
  const row = await db
    .selectFrom("quiz_attempts")
    .select(sql<number | string | null>`max(score * 100.0 / total)`.as("best"))
    .where("user_sub", "=", userSub)
    .where("quiz_slug", "=", quizSlug)
    .where("total", ">", 0)
    .executeTakeFirst();
  return row?.best === null || row?.best === undefined ? null : Number(row.best);
}

/**
 * Issues the learner a certificate for each of these courses they have now completed and hold
 * none for yet. Safe to call again and at once from two places: one certificate a course.
 */
export async function awardCertificates(db: Kysely<Database>, user: Pick<SessionUser, "sub" | "name">, courseSlugs: readonly string[]) {
  if (courseSlugs.length === 0 || !hasRealName(user)) return;
  const catalogue = await courseCatalogue(db);
  const [rules, held, finished] = await Promise.all([
    db.selectFrom("courses").select(["slug", "certificate_quiz", "certificate_pass_percent"]).where("slug", "in", courseSlugs).execute(),
    db.selectFrom("certificates").select("course_slug").where("user_sub", "=", user.sub).execute(),
    finishedLessonIds(db, user.sub),
  ]);
  const holds = new Set(held.map((row) => row.course_slug));
  for (const row of rules) {
    const course = catalogue.course(row.slug);
    if (!course || holds.has(row.slug) || course.lessons.length === 0) continue;
    if (!course.lessons.every((lesson) => finished.has(lesson.id))) continue;
    const rule: CompletionRule = { quiz: row.certificate_quiz, passPercent: row.certificate_pass_percent };
    if (rule.quiz !== null) {
      const best = await bestPercent(db, user.sub, rule.quiz);
      if (best === null || best < rule.passPercent) continue;
    }
    await db
      .insertInto("certificates")
      .values({
        id: newCertificateId(),
        user_sub: user.sub,
        course_slug: row.slug,
        holder_name: user.name,
        course_title: course.title,
        issuer: contactDetails.collegeName,
        issued_at: new Date().toISOString(),
        revoked_at: null,
        revoked_reason: null,
      })
      .onConflict((conflict) => conflict.columns(["user_sub", "course_slug"]).doNothing())
      .execute();
  }
}

/** The courses whose certificate asks for this quiz at no more than `percent`: an attempt with that result may complete them. */
export async function coursesPassedBy(db: Kysely<Database>, quizSlug: string, percent: number): Promise<string[]> {
  const rows = await db
    .selectFrom("courses")
    .select("slug")
    .where("certificate_quiz", "=", quizSlug)
    // Pass marks are whole percentages, so a mark at or below 66.67 % is one at or below 66 %; a
    // fraction would be refused by PostgreSQL's integer column.
    .where("certificate_pass_percent", "<=", Math.floor(percent))
    .execute();
  return rows.map((row) => row.slug);
}

const view = (row: Database["certificates"]): CertificateView => ({
  id: row.id,
  holderName: row.holder_name,
  courseSlug: row.course_slug,
  courseTitle: row.course_title,
  issuer: row.issuer,
  issuedAt: row.issued_at,
  revokedAt: row.revoked_at,
});

/** A learner's certificates, the newest first. */
export async function certificatesOf(db: Kysely<Database>, userSub: string): Promise<CertificateView[]> {
  const rows = await db.selectFrom("certificates").selectAll().where("user_sub", "=", userSub).orderBy("issued_at", "desc").execute();
  return rows.map(view);
}

/** A certificate by its id; undefined for an id that is no certificate's. */
export async function certificateById(db: Kysely<Database>, id: string): Promise<CertificateView | undefined> {
  if (!isCertificateId(id)) return undefined;
  const row = await db.selectFrom("certificates").selectAll().where("id", "=", id).executeTakeFirst();
  return row && view(row);
}

/** Whether this person holds this certificate. */
export async function isHeldBy(db: Kysely<Database>, id: string, userSub: string): Promise<boolean> {
  const row = await db.selectFrom("certificates").select("id").where("id", "=", id).where("user_sub", "=", userSub).executeTakeFirst();
  return row !== undefined;
}

/** Revokes a certificate for good, with the administrator's reason in the audit log. */
export async function revokeCertificate(
  db: Kysely<Database>,
  actor: StaffActor,
  id: string,
  reason: string,
): Promise<EditResult<undefined>> {
  return staffChange(db, null, async (trx) => {
    const before = isCertificateId(id)
      ? await trx.selectFrom("certificates").selectAll().where("id", "=", id).executeTakeFirst()
      : undefined;
    if (!before) return notFound("certificate");
    if (before.revoked_at) return refused(409, "This certificate was already revoked.");
    const after = { revoked_at: new Date().toISOString(), revoked_reason: reason };
    // Two administrators at once: the second finds it revoked and changes nothing.
    const updated = await trx
      .updateTable("certificates")
      .set(after)
      .where("id", "=", id)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return refused(409, "This certificate was already revoked.");
    await recordStaffAction(trx, actor, {
      action: "certificate.revoke",
      subject: `certificate:${id}`,
      before,
      after: { ...before, ...after },
    });
    return done(undefined);
  });
}
