// What the live room's page loads, and its messages' address: entering and leaving, sending a
// WebRTC message or a line of chat (POST, JSON), and waiting for what others send (GET, long poll).
import { data } from "react-router";
import type { RequestServices } from "#app/context.ts";
import type { SessionUser } from "#app/features/auth/index.server.ts";
import { consumeRateLimit } from "#app/lib/http/rate-limit.server.ts";
import { MentorshipRefusal } from "./bookings.server.ts";
import { iceServersFor } from "./ice-servers.server.ts";
import { CHAT_MESSAGE_MAX, ROOM_CHAT_LINES_PER_MINUTE, ROOM_SIGNALS_PER_MINUTE } from "./limits.ts";
import { ROOM_LOOK_MS } from "./room-bus.server.ts";
import { chatOf, closedRefusal, joinRoom, leaveRoom, messagesFor, roomAccess, sendChat, sendSignal } from "./room.server.ts";
import { chatSchema } from "./schemas.ts";

/** How long a request waits for a message before answering with none. */
const LONG_POLL_MS = 15_000;

const refusal = (error: unknown) => {
  if (error instanceof MentorshipRefusal) return data({ message: error.message }, { status: error.status });
  throw error;
};

/**
 * What each person may send a room in a minute, and what they are told past it. Every message is a
 * row kept (the chat with the booking): a page gone wrong, or someone set on it, would fill the disk.
 */
const roomRates = {
  chat: { limit: ROOM_CHAT_LINES_PER_MINUTE, what: `more than ${ROOM_CHAT_LINES_PER_MINUTE} lines a minute` },
  signal: { limit: ROOM_SIGNALS_PER_MINUTE, what: `more than ${ROOM_SIGNALS_PER_MINUTE} connection messages a minute` },
} as const;

/** The room's page: who, when, the chat so far; or why it cannot be entered (thrown, as the page's error). */
export async function roomPage({ db }: RequestServices, user: SessionUser, id: string, now = new Date()) {
  try {
    const access = await roomAccess(db, id, user);
    const { found, role } = access;
    return {
      bookingId: found.booking.id,
      role,
      name: user.name,
      mentorName: found.mentor.name,
      studentName: found.booking.student_name,
      startsAt: found.slot.starts_at,
      endsAt: found.slot.ends_at,
      closed: closedRefusal(access, now)?.message ?? null,
      chat: await chatOf(db, found.booking.id),
    };
  } catch (error) {
    throw refusal(error);
  }
}

/** A POST of the room's page: `{ intent: "join" | "signal" | "chat" | "leave", … }`. */
export async function roomPost(services: RequestServices, user: SessionUser, id: string, request: Request) {
  const { db, config, roomBus } = services;
  const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
  if (!body || typeof body !== "object") return data({ message: "Send the room's messages as JSON." }, { status: 400 });
  try {
    const access = await roomAccess(db, id, user);
    if (body.intent === "chat" || body.intent === "signal") {
      const { limit, what } = roomRates[body.intent];
      const rate = await consumeRateLimit(db, {
        key: `room-${body.intent}:${access.found.booking.id}:${user.sub}`,
        limit,
        windowSeconds: 60,
      });
      if (!rate.allowed)
        return data(
          { message: `You are sending the room ${what}: wait ${rate.retryAfterSeconds} s, then try again.` },
          { status: 429, headers: { "Retry-After": String(rate.retryAfterSeconds) } },
        );
    }
    if (body.intent === "join") {
      const joined = await joinRoom(db, access);
      roomBus.notify(id);
      return { peer: joined.peer, present: joined.present, after: joined.after, iceServers: iceServersFor(config, joined.peer) };
    }
    if (body.intent === "signal") {
      await sendSignal(db, access, body.peer, body.to, body.signal);
      roomBus.notify(id);
      return new Response(null, { status: 204 });
    }
    if (body.intent === "chat") {
      const text = chatSchema.safeParse({ text: body.text });
      if (!text.success)
        return data({ message: text.error.issues[0]?.message ?? `A message has 1 to ${CHAT_MESSAGE_MAX} characters.` }, { status: 400 });
      const sent = await sendChat(db, access, body.peer, text.data.text);
      roomBus.notify(id);
      return { message: { id: sent.id, name: sent.from_name, text: sent.body, at: sent.at } };
    }
    if (body.intent === "leave") {
      if (await leaveRoom(db, access, body.peer)) roomBus.notify(id);
      return new Response(null, { status: 204 });
    }
    return data({ message: "Say what to do: join, signal, chat or leave." }, { status: 400 });
  } catch (error) {
    return refusal(error);
  }
}

/** A GET of the room's messages for `peer` numbered after `after`: answered when there are some, or after LONG_POLL_MS with none. */
export async function roomPoll({ db, roomBus }: RequestServices, user: SessionUser, id: string, url: URL, signal: AbortSignal) {
  try {
    const access = await roomAccess(db, id, user);
    const peer = url.searchParams.get("peer");
    const asked = url.searchParams.get("after") ?? "0";
    if (!/^\d{1,9}$/.test(asked)) return data({ message: "Say from which message to read: ?after=<number>." }, { status: 400 });
    const deadline = Date.now() + LONG_POLL_MS;
    for (;;) {
      // Asked before looking: a message stored between the look and the wait still wakes it.
      const woken = roomBus.next(id, Math.min(ROOM_LOOK_MS, Math.max(0, deadline - Date.now())), signal);
      const read = await messagesFor(db, access, peer, Number(asked));
      if (read.messages.length > 0 || Date.now() >= deadline || signal.aborted) return read;
      await woken;
    }
  } catch (error) {
    return refusal(error);
  }
}
