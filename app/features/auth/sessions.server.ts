import { hash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { siteCookie } from "#app/lib/http/cookies.server.ts";
import type { Database } from "#app/lib/db/schema.ts";
import { preparedQuery } from "#app/lib/db/prepared-query.server.ts";
import { isRole, type Role } from "./roles.ts";

/** Signed out after a week without a visit, and a month after signing in whatever happens. */
export const sessionTimeouts = { idleSeconds: 7 * 24 * 60 * 60, absoluteSeconds: 30 * 24 * 60 * 60 };
export const sessionCookie = siteCookie("sid", { maxAgeSeconds: sessionTimeouts.absoluteSeconds });
/** last_seen_at is written at most this often, not on every request. */
const touchEverySeconds = 5 * 60;
/** ... and not in the request that sees it due: sessions seen meanwhile are written together, this much later. */
const touchDelayMs = 1000;

/** Sessions seen with their last_seen_at due, by database handle: when each was seen. */
const dueTouches = new WeakMap<Kysely<Database>, { seen: Map<string, string>; timer: NodeJS.Timeout }>();

/**
 * Writes the last_seen_at of the sessions seen since the last time, in one transaction: a class
 * of learners whose sessions all came due at once (every five minutes) made as many commits, each
 * holding SQLite's one writer, in the middle of their page requests. A touch lost to a crash only
 * ends that session's idle week five minutes early.
 */
export async function writeSessionTouches(db: Kysely<Database>): Promise<void> {
  const due = dueTouches.get(db);
  if (!due) return;
  dueTouches.delete(db);
  clearTimeout(due.timer);
  await db.transaction().execute(async (trx) => {
    for (const [idHash, seenAt] of due.seen) {
      await trx
        .updateTable("sessions")
        .set({ last_seen_at: seenAt })
        .where("id_hash", "=", idHash)
        .where("last_seen_at", "<", seenAt)
        .execute();
    }
  });
}

function touchSoon(db: Kysely<Database>, idHash: string, seenAt: string) {
  let due = dueTouches.get(db);
  if (!due) {
    // Nothing waits for it, and it keeps no process alive: a touch not written is only a shorter idle week.
    const timer = setTimeout(() => void writeSessionTouches(db).catch(() => {}), touchDelayMs).unref();
    dueTouches.set(db, (due = { seen: new Map(), timer }));
  }
  due.seen.set(idHash, seenAt);
}

export interface SessionUser {
  sub: string;
  name: string;
  email: string | null;
  picture: string | null;
  role: Role;
}

type StoredSession = Database["sessions"];

/**
 * A session as every signed-in request reads it: without the provider's ID and access tokens,
 * which no request reads (sign-out takes the ID token as it deletes the session) and which run to
 * kilobytes each.
 */
export type SessionRow = Omit<StoredSession, "id_token" | "access_token">;
const perRequestColumns = [
  "id_hash",
  "sub",
  "name",
  "email",
  "picture",
  "refresh_token",
  "access_expires_at",
  "created_at",
  "last_seen_at",
  "role",
  "role_email",
] as const satisfies ReadonlyArray<keyof SessionRow>;

// One call, not a Hash object per request: every signed-in request hashes its session id.
const hashId = (id: string) => hash("sha256", id, "base64url");

export async function createSession(
  db: Kysely<Database>,
  data: Omit<StoredSession, "id_hash" | "created_at" | "last_seen_at" | "role" | "role_email"> & {
    role?: Role;
    role_email?: string | null;
  },
): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  const now = new Date().toISOString();
  await db
    .insertInto("sessions")
    .values({
      ...data,
      role: data.role ?? "student",
      role_email: data.role_email ?? null,
      id_hash: hashId(id),
      created_at: now,
      last_seen_at: now,
    })
    .execute();
  return id;
}

/** Read on every signed-in request. */
const sessionByHash = preparedQuery((db, idHash: string) =>
  db.selectFrom("sessions").select(perRequestColumns).where("id_hash", "=", idHash),
);

/** The live session for this cookie value, or null (expired ones are deleted on sight). */
export async function findSession(db: Kysely<Database>, id: string | undefined, now = new Date()): Promise<SessionRow | null> {
  if (!id) return null;
  const idHash = hashId(id);
  const row = await findSessionByHash(db, idHash);
  if (!row) return null;
  const idle = (now.getTime() - new Date(row.last_seen_at).getTime()) / 1000;
  const age = (now.getTime() - new Date(row.created_at).getTime()) / 1000;
  if (idle > sessionTimeouts.idleSeconds || age > sessionTimeouts.absoluteSeconds) {
    await db.deleteFrom("sessions").where("id_hash", "=", idHash).execute();
    return null;
  }
  if (idle > touchEverySeconds) touchSoon(db, idHash, now.toISOString());
  return row;
}

/** Writes renewed tokens (one left undefined is kept as stored) unless another renewal has replaced `usedRefreshToken` meanwhile; says whether it wrote. */
export async function updateSessionTokens(
  db: Kysely<Database>,
  idHash: string,
  usedRefreshToken: string,
  {
    access_token,
    refresh_token,
    access_expires_at,
    id_token,
  }: Partial<Pick<StoredSession, "access_token" | "id_token">> & Pick<StoredSession, "refresh_token" | "access_expires_at">,
): Promise<boolean> {
  const result = await db
    .updateTable("sessions")
    .set({ access_token, refresh_token, access_expires_at, id_token })
    .where("id_hash", "=", idHash)
    .where("refresh_token", "=", usedRefreshToken)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The session row as stored now (another request or instance may have changed it). */
export async function findSessionByHash(db: Kysely<Database>, idHash: string): Promise<SessionRow | undefined> {
  return (await sessionByHash(db, idHash)).rows[0];
}

export async function deleteSession(db: Kysely<Database>, idHash: string): Promise<void> {
  await db.deleteFrom("sessions").where("id_hash", "=", idHash).execute();
}

/** Deletes the session, answering its ID token (the provider's sign-out takes it); undefined when there was none. */
export async function deleteSessionForIdToken(db: Kysely<Database>, idHash: string): Promise<string | undefined> {
  const deleted = await db.deleteFrom("sessions").where("id_hash", "=", idHash).returning("id_token").executeTakeFirst();
  return deleted?.id_token || undefined;
}

/** Signs the person out of this site everywhere, but for the session `keepIdHash` (the one making a change). */
export async function endSessionsOf(db: Kysely<Database>, sub: string, keepIdHash?: string): Promise<void> {
  let query = db.deleteFrom("sessions").where("sub", "=", sub);
  if (keepIdHash) query = query.where("id_hash", "!=", keepIdHash);
  await query.execute();
}

/** What the signed-in person's sessions show of them, after their account changed. */
export async function updateSessionsOf(db: Kysely<Database>, sub: string, changes: Pick<SessionRow, "email">): Promise<void> {
  await db.updateTable("sessions").set(changes).where("sub", "=", sub).execute();
}

export async function pruneSessions(db: Kysely<Database>, now = new Date()): Promise<void> {
  const idleBefore = new Date(now.getTime() - sessionTimeouts.idleSeconds * 1000).toISOString();
  const createdBefore = new Date(now.getTime() - sessionTimeouts.absoluteSeconds * 1000).toISOString();
  await db
    .deleteFrom("sessions")
    .where((eb) => eb.or([eb("last_seen_at", "<", idleBefore), eb("created_at", "<", createdBefore)]))
    .execute();
}

export function sessionUser(row: SessionRow): SessionUser {
  return { sub: row.sub, name: row.name, email: row.email, picture: row.picture, role: isRole(row.role) ? row.role : "student" };
}
