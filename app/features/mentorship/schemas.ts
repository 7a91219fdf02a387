// The mentorship forms as the server reads them. Server only: zod stays out of the browser bundle.
import { z } from "zod";
import { optionalTextSchema, requiredTextSchema } from "#app/lib/text/text-schemas.ts";
import {
  BIO_MAX,
  CHAT_MESSAGE_MAX,
  CUTOFF_HOURS_MAX,
  NOTES_MAX,
  REASON_MAX,
  ROOM_NAME_MAX,
  SLOT_CAPACITY_MAX,
  SLOT_MINUTES,
  SUBJECT_MAX,
  SUBJECTS_MAX,
} from "./limits.ts";

const time = (label: string) =>
  z.string({ error: `${label} is needed.` }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} must be a time like 16:30 (24-hour clock).`);

/** A weekly period of office hours, as the mentor's form sends it. */
export const officeHoursSchema = z
  .object({
    weekday: z
      .string({ error: "Choose a day of the week." })
      .regex(/^[1-7]$/, "Choose a day of the week.")
      .transform(Number),
    starts: time("The start"),
    ends: time("The end"),
    slot_minutes: z
      .string({ error: "Choose how long a slot is." })
      .refine((value) => (SLOT_MINUTES as readonly number[]).includes(Number(value)) && /^\d+$/.test(value), "Choose how long a slot is.")
      .transform(Number),
    capacity: z
      .string({ error: `A slot takes from 1 to ${SLOT_CAPACITY_MAX} students.` })
      .regex(new RegExp(`^[1-${SLOT_CAPACITY_MAX}]$`), `A slot takes from 1 to ${SLOT_CAPACITY_MAX} students.`)
      .transform(Number),
    mode: z.enum(["online", "campus"], "Choose online or a room on campus."),
    room: optionalTextSchema({ label: "The room", max: ROOM_NAME_MAX, notText: "The room must be text." }).optional(),
  })
  .superRefine((hours, ctx) => {
    if (hours.ends <= hours.starts) ctx.addIssue({ code: "custom", path: ["ends"], message: "The end must be after the start." });
    else {
      const minutes = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3));
      if (minutes(hours.ends) - minutes(hours.starts) < hours.slot_minutes)
        ctx.addIssue({ code: "custom", path: ["ends"], message: "The office hours must hold at least one slot." });
    }
    if (hours.mode === "campus" && !hours.room)
      ctx.addIssue({ code: "custom", path: ["room"], message: "Say which room on campus (a building and room number)." });
  })
  .transform((hours) => ({ ...hours, room: hours.mode === "campus" ? hours.room! : null }));

export const dayOffSchema = z.object({
  day: z
    .string({ error: "Choose a date." })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Choose a date.")
    .refine(
      (day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
      "Choose a date.",
    ),
});

const subjectList = z
  .string({ error: "The subjects must be text." })
  .transform((text) =>
    text
      .split(",")
      .map((subject) => subject.trim())
      .filter(Boolean),
  )
  .refine((list) => list.length <= SUBJECTS_MAX, `List at most ${SUBJECTS_MAX} subjects.`)
  .refine((list) => list.every((subject) => subject.length <= SUBJECT_MAX), `A subject can have at most ${SUBJECT_MAX} characters.`)
  .refine((list) => new Set(list.map((subject) => subject.toLowerCase())).size === list.length, "A subject is listed twice.");

/** A meeting address a mentor gives: https only, a page the browser opens. */
const meetingUrl = z
  .string({ error: "The meeting address must be text." })
  .trim()
  .transform((url) => url || null)
  .refine((url) => {
    if (url === null) return true;
    try {
      const parsed = new URL(url);
      return parsed.protocol === "https:" && url.length <= 500 && !parsed.username && !parsed.password;
    } catch {
      return false;
    }
  }, "The meeting address must be an https:// address, like https://meet.jit.si/your-room.");

export const mentorProfileSchema = z.object({
  bio: requiredTextSchema({ label: "The short bio", required: "Write a short bio: students read it before booking.", max: BIO_MAX }),
  subjects: subjectList.optional().transform((list) => list ?? []),
  courses: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
  meeting_url: meetingUrl.optional().transform((url) => url ?? null),
  cancel_cutoff_hours: z
    .string({ error: `The cut-off must be a whole number of hours, 0 to ${CUTOFF_HOURS_MAX}.` })
    .regex(/^\d{1,2}$/, `The cut-off must be a whole number of hours, 0 to ${CUTOFF_HOURS_MAX}.`)
    .transform(Number)
    .pipe(z.number().max(CUTOFF_HOURS_MAX, `The cut-off must be a whole number of hours, 0 to ${CUTOFF_HOURS_MAX}.`)),
});

/** A student's booking of one slot. `about`: "lesson:<course>/<n>" or "quiz:<slug>", from the form's list. */
export const bookingSchema = z.object({
  at: z.iso.datetime({ error: "Choose a slot from the list." }),
  reason: requiredTextSchema({
    label: "What you need help with",
    required: "Write a line about what you need help with.",
    max: REASON_MAX,
  }),
  about: z
    .string()
    .regex(/^(lesson:[a-z0-9-]{1,60}\/\d{1,3}|quiz:[a-z0-9-]{1,60})?$/, "Choose the lesson or quiz from the list.")
    .optional()
    .transform((value) => value || null),
});

export const attendanceSchema = z.object({
  attendance: z.enum(["attended", "no-show"], "Choose attended or no-show."),
  notes: optionalTextSchema({ label: "The notes", max: NOTES_MAX, notText: "The notes must be text." }).optional(),
});

export const chatSchema = z.object({
  text: requiredTextSchema({ label: "A message", required: "Write a message first.", max: CHAT_MESSAGE_MAX }),
});
