// Each person's private calendar address: their sessions, as mentor or student, for a calendar app
// to subscribe to. The token in the address is the only key: a new one revokes the old at once.
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";
import { feed } from "./calendar.server.ts";
import { bookingsWithSlots, sessionEvent } from "./bookings.server.ts";
import type { MailSettings } from "./mail.server.ts";

const newToken = () => randomBytes(24).toString("base64url");

export const feedPath = (token: string) => `/mentorship/calendar/${token}.ics`;

/** The person's feed token, made at first ask. */
export async function feedTokenOf(db: Kysely<Database>, sub: string): Promise<string> {
  const existing = await db.selectFrom("calendar_feeds").select("token").where("sub", "=", sub).executeTakeFirst();
  if (existing) return existing.token;
  await db
    .insertInto("calendar_feeds")
    .values({ sub, token: newToken(), created_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.column("sub").doNothing())
    .execute();
  return (await db.selectFrom("calendar_feeds").select("token").where("sub", "=", sub).executeTakeFirstOrThrow()).token;
}

/** A new address for the person's feed; the old one stops working now. */
export async function renewFeedToken(db: Kysely<Database>, sub: string): Promise<string> {
  const token = newToken();
  await db
    .insertInto("calendar_feeds")
    .values({ sub, token, created_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.column("sub").doUpdateSet({ token, created_at: new Date().toISOString() }))
    .execute();
  return token;
}

/** The feed a token opens, or undefined for a token revoked or never made. Sessions of the last 60 days and all ahead. */
export async function feedOf(db: Kysely<Database>, token: string, settings: MailSettings, now = new Date()): Promise<string | undefined> {
  if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return undefined;
  const owner = await db.selectFrom("calendar_feeds").select("sub").where("token", "=", token).executeTakeFirst();
  if (!owner) return undefined;
  const since = new Date(now.getTime() - 60 * 24 * 60 * 60 * 1000).toISOString();
  const rows = await bookingsWithSlots(db)
    .select([
      "mentor_bookings.id",
      "mentor_bookings.student_name",
      "mentor_bookings.student_email",
      "mentor_bookings.reason",
      "mentor_slots.starts_at",
      "mentor_slots.ends_at",
      "mentor_slots.mode",
      "mentor_slots.room",
      "mentors.name",
      "mentors.email",
      "mentor_bookings.meeting_url",
    ])
    .where((eb) => eb.or([eb("mentor_bookings.student_sub", "=", owner.sub), eb("mentor_bookings.mentor_sub", "=", owner.sub)]))
    .where("mentor_bookings.status", "=", "booked")
    .where("mentor_slots.starts_at", ">=", since)
    .orderBy("mentor_slots.starts_at")
    .limit(500)
    .execute();
  return feed(
    rows.map((row) => sessionEvent(row, row, row, settings.origin)),
    settings.origin,
    settings.sender,
  );
}
