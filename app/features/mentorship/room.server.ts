// The live room of an online booking: who may be in it, who is in it now, and what they send each
// other (WebRTC's offers, answers and candidates, and the chat). Everything goes through the
// database, so a room works whichever instance each person reaches; the room bus
// (room-bus.server.ts) only wakes the waiting requests sooner.
import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { SessionUser } from "#app/features/auth/index.server.ts";
import { isPostgres } from "#app/lib/db/engine.server.ts";
import type { Database } from "#app/lib/db/schema.ts";
import { timeOrderedId } from "#app/lib/db/time-ordered-id.server.ts";
import { findBooking, relationTo, type FoundBooking } from "./bookings.server.ts";
import { ROOM_CAPACITY, ROOM_CLOSES_MINUTES_AFTER, ROOM_OPENS_MINUTES_BEFORE } from "./limits.ts";
import { MentorshipRefusal } from "./bookings.server.ts";

export type RoomRole = "mentor" | "student" | "admin";
export type RoomMessage = Database["room_messages"];

/** A page that has not asked for messages for this long has left (closed, crashed, offline). */
export const PEER_TIMEOUT_MS = 45_000;
/** WebRTC's messages are needed for seconds; the chat is kept with the booking. */
const SIGNAL_KEPT_MS = 60 * 60 * 1000;
const minute = 60 * 1000;

export interface RoomAccess {
  found: FoundBooking;
  user: SessionUser;
  role: RoomRole;
  opensAt: Date;
  closesAt: Date;
}

/**
 * Who may enter the room of booking `id`: its student, its mentor, or an administrator (shown to the
 * others as one). Someone else's booking answers 404 (its address tells nothing); a booking on
 * campus, at the mentor's own meeting address or cancelled has no room.
 */
export async function roomAccess(db: Kysely<Database>, id: string, user: SessionUser): Promise<RoomAccess> {
  const found = await findBooking(db, id);
  const role = found ? relationTo(found, user) : null;
  if (!found || !role) throw new MentorshipRefusal(404, "There is no such booking, or it is not yours.");
  if (found.booking.status === "cancelled") throw new MentorshipRefusal(409, "This booking was cancelled: its room is closed.");
  if (found.slot.mode === "campus") throw new MentorshipRefusal(409, `This session meets on campus: ${found.slot.room}.`);
  if (found.booking.meeting_url)
    throw new MentorshipRefusal(409, `This session meets at the mentor's own address: ${found.booking.meeting_url}`);
  return {
    found,
    user,
    role,
    opensAt: new Date(Date.parse(found.slot.starts_at) - ROOM_OPENS_MINUTES_BEFORE * minute),
    closesAt: new Date(Date.parse(found.slot.ends_at) + ROOM_CLOSES_MINUTES_AFTER * minute),
  };
}

/** Why the room cannot be entered at `now`; null when it is open. */
export function closedRefusal(access: RoomAccess, now = new Date()): MentorshipRefusal | null {
  if (now < access.opensAt) return new MentorshipRefusal(409, `The room opens ${ROOM_OPENS_MINUTES_BEFORE} minutes before the session.`);
  if (now > access.closesAt) return new MentorshipRefusal(409, "The session is over: its room is closed.");
  return null;
}

const stale = (now: Date) => new Date(now.getTime() - PEER_TIMEOUT_MS).toISOString();

export interface PeerView {
  peer: string;
  name: string;
  role: RoomRole;
}

async function peersOf(db: Kysely<Database>, bookingId: string, now: Date): Promise<PeerView[]> {
  return db
    .selectFrom("room_peers")
    .select(["peer", "name", "role"])
    .where("booking_id", "=", bookingId)
    .where("seen_at", ">", stale(now))
    .orderBy("joined_at")
    .execute();
}

/**
 * Stores a message of the room under the next number. Call it in a transaction: the booking's row
 * stays locked until the commit, so the room's numbers follow the order its messages are committed
 * in, and a page that has read up to one number has missed none below it.
 */
async function post(trx: Kysely<Database>, message: Omit<RoomMessage, "id" | "at" | "seq">, now: Date): Promise<RoomMessage> {
  const { room_seq: seq } = await trx
    .updateTable("mentor_bookings")
    .set((eb) => ({ room_seq: eb("room_seq", "+", 1) }))
    .where("id", "=", message.booking_id)
    .returning("room_seq")
    .executeTakeFirstOrThrow();
  const row = { ...message, id: timeOrderedId(now), seq: Number(seq), at: now.toISOString() };
  await trx.insertInto("room_messages").values(row).execute();
  return row;
}

/**
 * Takes peers out of the room (those gone silent, or a person's earlier page) and tells the others,
 * who close their connections to them. Call it in a transaction holding the booking's row.
 */
async function removePeers(trx: Kysely<Database>, bookingId: string, now: Date, also?: { sub: string }) {
  const removed = await trx
    .deleteFrom("room_peers")
    .where("booking_id", "=", bookingId)
    .where((eb) => eb.or([eb("seen_at", "<=", stale(now)), ...(also ? [eb("sub", "=", also.sub)] : [])]))
    .returning(["peer", "sub", "name"])
    .execute();
  for (const gone of removed)
    await post(
      trx,
      { booking_id: bookingId, kind: "leave", from_peer: gone.peer, from_sub: gone.sub, from_name: gone.name, to_peer: null, body: "" },
      now,
    );
}

/** Locks the room's booking row on PostgreSQL, so that one change of who is in it happens at a time (SQLite's write lock does the same). */
async function lockRoom(trx: Kysely<Database>, bookingId: string) {
  if (isPostgres(trx)) await sql`select id from mentor_bookings where id = ${bookingId} for update`.execute(trx);
}

/**
 * Enters the room: refused when it already holds ROOM_CAPACITY people. A person takes one place:
 * a page they open again (another tab, another device) takes the place of their earlier one,
 * so nobody's tabs can fill the room. Returns the peer's id and who is there already, to whom the
 * newcomer makes offers.
 */
export async function joinRoom(db: Kysely<Database>, access: RoomAccess, now = new Date()) {
  const closed = closedRefusal(access, now);
  if (closed) throw closed;
  const bookingId = access.found.booking.id;
  return db.transaction().execute(async (trx) => {
    await lockRoom(trx, bookingId);
    await removePeers(trx, bookingId, now, { sub: access.user.sub });
    const present = await peersOf(trx, bookingId, now);
    if (present.length >= ROOM_CAPACITY) throw new MentorshipRefusal(409, `The room is full: it holds ${ROOM_CAPACITY} people at once.`);
    const peer = randomUUID();
    const name = access.user.name;
    await trx
      .insertInto("room_peers")
      .values({
        peer,
        booking_id: bookingId,
        sub: access.user.sub,
        name,
        role: access.role,
        joined_at: now.toISOString(),
        seen_at: now.toISOString(),
      })
      .execute();
    const joined = await post(
      trx,
      {
        booking_id: bookingId,
        kind: "join",
        from_peer: peer,
        from_sub: access.user.sub,
        from_name: name,
        to_peer: null,
        body: access.role,
      },
      now,
    );
    // The newcomer reads on from its own arrival.
    return { peer, present, after: joined.seq };
  });
}

/** The peer of this person in this room, or a refusal: a page may speak only for itself. */
async function ownPeer(db: Kysely<Database>, access: RoomAccess, peer: unknown, now: Date) {
  const row =
    typeof peer === "string" && /^[0-9a-f-]{36}$/.test(peer)
      ? await db
          .selectFrom("room_peers")
          .selectAll()
          .where("peer", "=", peer)
          .where("booking_id", "=", access.found.booking.id)
          .where("sub", "=", access.user.sub)
          .executeTakeFirst()
      : undefined;
  if (!row || row.seen_at <= stale(now))
    throw new MentorshipRefusal(409, "You are not in the room any more (you may have joined from another page): join it again.");
  return row;
}

/** Leaves the room; the others are told. Leaving twice changes nothing. */
export async function leaveRoom(db: Kysely<Database>, access: RoomAccess, peer: unknown, now = new Date()) {
  const row = await ownPeer(db, access, peer, now).catch(() => undefined);
  if (!row) return false;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("room_peers").where("peer", "=", row.peer).execute();
    await post(
      trx,
      { booking_id: row.booking_id, kind: "leave", from_peer: row.peer, from_sub: row.sub, from_name: row.name, to_peer: null, body: "" },
      now,
    );
  });
  return true;
}

/** Largest WebRTC message: an offer with its candidates is a few kilobytes. */
const SIGNAL_MAX_CHARS = 32_000;

/** A WebRTC description or candidate for one other peer in the room. */
export async function sendSignal(db: Kysely<Database>, access: RoomAccess, from: unknown, to: unknown, signal: unknown, now = new Date()) {
  const sender = await ownPeer(db, access, from, now);
  const body = JSON.stringify(signal ?? null);
  const shaped =
    typeof signal === "object" &&
    signal !== null &&
    (("description" in signal && typeof (signal as { description: unknown }).description === "object") ||
      ("candidate" in signal && typeof (signal as { candidate: unknown }).candidate === "object"));
  if (!shaped || body.length > SIGNAL_MAX_CHARS) throw new MentorshipRefusal(400, "That is not a WebRTC description or candidate.");
  const target = typeof to === "string" ? (await peersOf(db, access.found.booking.id, now)).find((peer) => peer.peer === to) : undefined;
  if (!target || target.peer === sender.peer) throw new MentorshipRefusal(409, "That person is no longer in the room.");
  return db.transaction().execute((trx) =>
    post(
      trx,
      {
        booking_id: sender.booking_id,
        kind: "signal",
        from_peer: sender.peer,
        from_sub: sender.sub,
        from_name: sender.name,
        to_peer: target.peer,
        body,
      },
      now,
    ),
  );
}

/** A line of the room's chat, kept with the booking. */
export async function sendChat(db: Kysely<Database>, access: RoomAccess, from: unknown, text: string, now = new Date()) {
  const sender = await ownPeer(db, access, from, now);
  return db.transaction().execute((trx) =>
    post(
      trx,
      {
        booking_id: sender.booking_id,
        kind: "chat",
        from_peer: sender.peer,
        from_sub: sender.sub,
        from_name: sender.name,
        to_peer: null,
        body: text,
      },
      now,
    ),
  );
}

/** What a peer has not seen: the room's messages numbered after `after`, for it or for everyone, not its own. */
export async function messagesFor(db: Kysely<Database>, access: RoomAccess, peer: unknown, after: number, now = new Date()) {
  const own = await ownPeer(db, access, peer, now);
  await db.updateTable("room_peers").set({ seen_at: now.toISOString() }).where("peer", "=", own.peer).execute();
  // Someone gone silent (a closed laptop, a lost network) leaves, so the others' pages drop their picture.
  const silent = await db
    .selectFrom("room_peers")
    .select("peer")
    .where("booking_id", "=", own.booking_id)
    .where("seen_at", "<=", stale(now))
    .executeTakeFirst();
  if (silent)
    await db.transaction().execute(async (trx) => {
      await lockRoom(trx, own.booking_id);
      await removePeers(trx, own.booking_id, now);
    });
  const rows = await db
    .selectFrom("room_messages")
    .selectAll()
    .where("booking_id", "=", own.booking_id)
    .where("seq", ">", after)
    .orderBy("seq")
    .limit(500)
    .execute();
  return {
    // Read up to here, its own messages and others' private ones included, so the next look starts after them.
    after: rows.length ? Number(rows.at(-1)!.seq) : after,
    messages: rows
      .filter((row) => row.from_peer !== own.peer && (row.to_peer === null || row.to_peer === own.peer))
      .map(({ id, kind, from_peer, from_name, body, at }) => ({ id, kind, from: from_peer, name: from_name, body, at })),
  };
}

/** The room's chat so far, for a page opening it: its last 1,000 lines, in order. */
export async function chatOf(db: Kysely<Database>, bookingId: string) {
  const rows = await db
    .selectFrom("room_messages")
    .select(["id", "from_name", "body", "at"])
    .where("booking_id", "=", bookingId)
    .where("kind", "=", "chat")
    .orderBy("seq", "desc")
    .limit(1000)
    .execute();
  return rows.reverse().map((row) => ({ id: row.id, name: row.from_name, text: row.body, at: row.at }));
}

/** WebRTC's messages an hour old and peers long gone (a room nobody looks at any more); the chat stays. */
export async function pruneRoomMessages(db: Kysely<Database>, now = new Date()): Promise<void> {
  await db
    .deleteFrom("room_messages")
    .where("kind", "!=", "chat")
    .where("at", "<", new Date(now.getTime() - SIGNAL_KEPT_MS).toISOString())
    .execute();
  await db
    .deleteFrom("room_peers")
    .where("seen_at", "<", new Date(now.getTime() - SIGNAL_KEPT_MS).toISOString())
    .execute();
}
