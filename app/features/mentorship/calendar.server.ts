// Bookings as iCalendar (RFC 5545), written by ical-generator: the invitation a confirmation mail
// carries (METHOD:REQUEST), the one a cancellation carries (METHOD:CANCEL, the same UID, a higher
// SEQUENCE), and each person's private feed of their sessions.
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { site } from "#app/content/site.ts";

/** What a booking's event says. */
export interface SessionEvent {
  bookingId: string;
  startsAt: string;
  endsAt: string;
  mentor: { name: string; email: string | null };
  student: { name: string; email: string | null };
  reason: string;
  /** Where it happens: a room on campus, the mentor's meeting address or the built-in room's page. */
  where: string;
  /** The booking's page on the site. */
  url: string;
  cancelled?: boolean;
}

/** The site's host: UIDs and the organizer's address fall back on it. */
const hostOf = (origin: string) => new URL(origin).hostname;

/** One UID per booking, the same in every mail and feed, so calendars update one event. */
const sessionUid = (bookingId: string, origin: string) => `mentoring-${bookingId}@${hostOf(origin)}`;

function calendarOf(origin: string, method?: ICalCalendarMethod) {
  return ical({
    prodId: { company: site.brand, product: "Mentorship", language: "EN" },
    name: `${site.brand}: mentoring sessions`,
    ...(method ? { method } : {}),
  });
}

function addEvent(calendar: ReturnType<typeof ical>, event: SessionEvent, origin: string, sender: string) {
  const organizerEmail = event.mentor.email ?? sender;
  calendar.createEvent({
    id: sessionUid(event.bookingId, origin),
    // Raised by a cancellation: calendars apply the change with the higher sequence.
    sequence: event.cancelled ? 1 : 0,
    start: new Date(event.startsAt),
    end: new Date(event.endsAt),
    stamp: new Date(),
    summary: `Mentoring session: ${event.student.name} with ${event.mentor.name}`,
    description: `${event.reason}\n\nThe booking: ${event.url}`,
    location: event.where,
    url: event.url,
    status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: event.mentor.name, email: organizerEmail },
    attendees: event.student.email
      ? [
          {
            name: event.student.name,
            email: event.student.email,
            role: ICalAttendeeRole.REQ,
            status: event.cancelled ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED,
          },
        ]
      : [],
  });
}

/** The invitation a mail carries: REQUEST for a booking, CANCEL for its cancellation. */
export function invitation(event: SessionEvent, origin: string, sender: string): { method: "REQUEST" | "CANCEL"; text: string } {
  const method = event.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST;
  const calendar = calendarOf(origin, method);
  addEvent(calendar, event, origin, sender);
  return { method: event.cancelled ? "CANCEL" : "REQUEST", text: calendar.toString() };
}

/** A person's feed: their sessions to come and of the last weeks, as a calendar app subscribes to it. */
export function feed(events: readonly SessionEvent[], origin: string, sender: string): string {
  const calendar = calendarOf(origin);
  calendar.ttl(60 * 60);
  for (const event of events) addEvent(calendar, event, origin, sender);
  return calendar.toString();
}
