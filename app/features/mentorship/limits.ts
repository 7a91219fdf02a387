// The bounds of mentorship, in one place: the forms, the pages and the server read them here.

/** How far ahead a student can book: the slots of the next four weeks are shown. */
export const BOOKING_WEEKS_AHEAD = 4;
/** What a student writes about what they need help with. */
export const REASON_MAX = 300;
export const BIO_MAX = 600;
export const NOTES_MAX = 2000;
export const SUBJECTS_MAX = 8;
export const SUBJECT_MAX = 40;
export const ROOM_NAME_MAX = 80;
/** Students in one slot: 1 for one-to-one, up to a small group. */
export const SLOT_CAPACITY_MAX = 6;
export const SLOT_MINUTES = [15, 20, 30, 45, 60, 90] as const;
export const CUTOFF_HOURS_MAX = 72;
/** Weekly periods a mentor may keep, and days off ahead. */
export const OFFICE_HOURS_MAX = 20;
export const DAYS_OFF_MAX = 60;
/** People in one live room at once: the mentor, up to six students, and an administrator. */
export const ROOM_CAPACITY = 7;
export const CHAT_MESSAGE_MAX = 1000;
/**
 * What one person may send a live room in a minute: lines of chat, and WebRTC messages (joining a
 * full room takes each page about a dozen for each other person: an offer or answer and its candidates).
 */
export const ROOM_CHAT_LINES_PER_MINUTE = 30;
export const ROOM_SIGNALS_PER_MINUTE = 300;
/** Booking attempts per person and per network, per hour. */
export const BOOKINGS_PER_PERSON_HOUR = 20;
export const BOOKINGS_PER_NETWORK_HOUR = 60;
/** No-shows counted against the limit (MENTORSHIP_NO_SHOW_LIMIT) within this many days. */
export const NO_SHOW_WINDOW_DAYS = 90;
/** The room opens this long before the session and stays open this long after its end. */
export const ROOM_OPENS_MINUTES_BEFORE = 15;
export const ROOM_CLOSES_MINUTES_AFTER = 30;
