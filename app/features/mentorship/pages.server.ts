// What the mentorship pages load and what their forms do, so the routes stay a table of addresses.
import { data, redirect } from "react-router";
import type { RequestServices } from "#app/context.ts";
import type { SessionUser } from "#app/features/auth/index.server.ts";
import { consumeRateLimit } from "#app/lib/http/rate-limit.server.ts";
import { parseForm, readForm, unreadableForm, type FormResult } from "#app/lib/forms/form-submission.server.ts";
import {
  bookSlot,
  cancelBooking,
  cancelDeadline,
  cancelRefusal,
  findBooking,
  markAttendance,
  MentorshipRefusal,
  relationTo,
  sessionsOf,
  whereOf,
} from "./bookings.server.ts";
import { feedPath, feedTokenOf, renewFeedToken } from "./calendar-feed.server.ts";
import { BOOKINGS_PER_NETWORK_HOUR, BOOKINGS_PER_PERSON_HOUR } from "./limits.ts";
import { mailSettingsOf, reminders } from "./mail.server.ts";
import { courseSlugsOf, enabledMentors, findMentorBySlug, profileOf } from "./mentors.server.ts";
import { offeredSlotAt, offeredSlots } from "./office-hours.server.ts";
import { attendanceSchema, bookingSchema } from "./schemas.ts";
import { chatOf } from "./room.server.ts";
import { findTopic, topicChoices } from "./topics.server.ts";

/** The Mentorship page: the mentors, and for a signed-in person their sessions and calendar address. */
export async function mentorshipPage({ db, config }: RequestServices, user: SessionUser | null) {
  const mentors = await enabledMentors(db);
  if (!user) return { mentors, mine: null };
  const [sessions, token] = await Promise.all([sessionsOf(db, { student: user.sub }), feedTokenOf(db, user.sub)]);
  return { mentors, mine: { ...sessions, feedUrl: `${mailSettingsOf(config).origin}${feedPath(token)}` } };
}

/** The Mentorship page's form: a new calendar address, which revokes the old one. */
export async function renewFeed({ db }: RequestServices, user: SessionUser) {
  await renewFeedToken(db, user.sub);
  return redirect("/mentorship?feed=renewed#calendar", 303);
}

const notFound = (message: string) => data({ message }, { status: 404 });

/** A mentor's page: who they are and the slots of their office hours, with the booking form. */
export async function mentorPage({ db }: RequestServices, user: SessionUser | null, slug: string) {
  const row = await findMentorBySlug(db, slug);
  if (!row) throw notFound("There is no such mentor. They may no longer mentor: see the Mentorship page.");
  const [mentor, slots, topics] = await Promise.all([profileOf(db, row), offeredSlots(db, row.sub), topicChoices(db, courseSlugsOf(row))]);
  return { mentor, slots, topics, signedIn: user !== null, ownPage: user?.sub === row.sub };
}

const refusedForm = (result: FormResult, status: number) => data<FormResult>(result, { status });

/** The booking form: a slot, what the student needs help with, and what it is about. */
export async function bookFromForm(services: RequestServices, user: SessionUser, slug: string, request: Request) {
  const { db, config, clientAddress } = services;
  const mentor = await findMentorBySlug(db, slug);
  if (!mentor) throw notFound("There is no such mentor. They may no longer mentor: see the Mentorship page.");
  const form = await readForm(request, bookingSchema);
  if (!form) return refusedForm(unreadableForm(), 400);
  const { submission } = form;
  if (submission.status !== "success") return refusedForm(submission.reply(), 400);
  const hour = 60 * 60;
  for (const [key, limit] of [
    [`mentorship-book:${user.sub}`, BOOKINGS_PER_PERSON_HOUR],
    [`mentorship-book-network:${clientAddress}`, BOOKINGS_PER_NETWORK_HOUR],
  ] as const) {
    const rate = await consumeRateLimit(db, { key, limit, windowSeconds: hour });
    if (!rate.allowed)
      return data<FormResult>(submission.reply({ formErrors: ["Too many booking attempts. Please try again in a while."] }), {
        status: 429,
        headers: { "Retry-After": String(rate.retryAfterSeconds) },
      });
  }
  const { at, reason, about } = submission.value;
  const slot = await offeredSlotAt(db, mentor.sub, new Date(at));
  if (!slot)
    return refusedForm(
      submission.reply({ fieldErrors: { at: ["This slot is not offered any more: choose another from the list."] } }),
      409,
    );
  const topic = about ? await findTopic(db, about) : null;
  if (about && !topic) return refusedForm(submission.reply({ fieldErrors: { about: ["Choose the lesson or quiz from the list."] } }), 400);
  try {
    const id = await bookSlot(db, {
      mentor,
      student: user,
      slot,
      reason,
      topic: topic ?? null,
      limits: { maxOpenBookings: config.MENTORSHIP_MAX_OPEN_BOOKINGS, noShowLimit: config.MENTORSHIP_NO_SHOW_LIMIT },
      mail: mailSettingsOf(config),
    });
    services.mentorshipMail.wake();
    return redirect(`/mentorship/bookings/${id}?booked=1`, 303);
  } catch (error) {
    if (error instanceof MentorshipRefusal) return refusedForm(submission.reply({ formErrors: [error.message] }), error.status);
    throw error;
  }
}

/** What a booking's page shows its student, its mentor or an administrator. */
export async function bookingPage({ db }: RequestServices, user: SessionUser | null, id: string, now = new Date()) {
  const found = await findBooking(db, id);
  const as = found ? relationTo(found, user) : null;
  // Somebody else's booking is as good as none: its address tells nothing.
  if (!found || !as) throw notFound("There is no such booking, or it is not yours.");
  const { booking, slot, mentor } = found;
  const [mails, chat] = await Promise.all([
    db
      .selectFrom("mentorship_mails")
      .select(["kind", "recipient", "status", "next_attempt_at", "delivered_at"])
      .where("booking_id", "=", booking.id)
      .orderBy("next_attempt_at")
      .execute(),
    chatOf(db, booking.id),
  ]);
  const ownMails =
    as === "admin" ? mails : mails.filter((mail) => mail.recipient === (as === "student" ? booking.student_email : mentor.email));
  return {
    as,
    booking: {
      id: booking.id,
      status: booking.status,
      reason: booking.reason,
      about: booking.about_path ? { path: booking.about_path, title: booking.about_title! } : null,
      studentName: booking.student_name,
      attendance: booking.attendance,
      notes: booking.notes,
      cancelledBy: booking.cancelled_by,
      meetingUrl: slot.mode === "online" ? booking.meeting_url : null,
    },
    slot: { startsAt: slot.starts_at, endsAt: slot.ends_at, mode: slot.mode, room: slot.room, capacity: slot.capacity },
    mentor: { name: mentor.name, slug: mentor.slug },
    where: whereOf(slot, booking, `/mentorship/bookings/${booking.id}`),
    cancel: {
      allowed: cancelRefusal(found, as, now) === null,
      until: cancelDeadline(found).toISOString(),
      cutoffHours: mentor.cancel_cutoff_hours,
    },
    chat,
    canRecord: (as === "mentor" || as === "admin") && booking.status === "booked" && Date.parse(slot.starts_at) <= now.getTime(),
    reminders: reminders.map((reminder) => ({
      kind: reminder.kind,
      label: reminder.kind === "reminder-24h" ? "24 hours before" : "1 hour before",
      mail: ownMails.find((mail) => mail.kind === reminder.kind) ?? null,
    })),
  };
}

/** The booking page's forms: `intent=cancel`, or `intent=record` with the attendance and notes. */
export async function bookingAction(services: RequestServices, user: SessionUser, id: string, request: Request) {
  const { db, config } = services;
  const found = await findBooking(db, id);
  if (!found || !relationTo(found, user)) throw notFound("There is no such booking, or it is not yours.");
  const formData = await request.formData().catch(() => null);
  const intent = formData?.get("intent");
  try {
    if (intent === "cancel") {
      await cancelBooking(db, found, user, mailSettingsOf(config));
      services.mentorshipMail.wake();
      return redirect(`/mentorship/bookings/${id}?cancelled=1`, 303);
    }
    if (intent === "record") {
      const submission = parseForm(formData!, attendanceSchema);
      if (!submission) return refusedForm(unreadableForm(), 400);
      if (submission.status !== "success") return refusedForm(submission.reply(), 400);
      await markAttendance(db, found, user, { attendance: submission.value.attendance, notes: submission.value.notes ?? null });
      return redirect(`/mentorship/bookings/${id}?recorded=1`, 303);
    }
  } catch (error) {
    if (error instanceof MentorshipRefusal) return refusedForm({ status: "error", error: { "": [error.message] } }, error.status);
    throw error;
  }
  return refusedForm({ status: "error", error: { "": ["Say what to do: cancel the booking, or record the session."] } }, 400);
}
