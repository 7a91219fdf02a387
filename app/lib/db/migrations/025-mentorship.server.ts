import { sql, type Kysely } from "kysely";

// Live mentorship (app/features/mentorship): mentors, their weekly office hours and days off, the
// slots booked, the bookings, the mails about them (an outbox), calendar feeds and the live rooms'
// messages. SQLite runs no migration in a transaction: after a failure part-way, a second start goes
// on from where it stopped (ifNotExists).
export async function up(db: Kysely<unknown>): Promise<void> {
  // A teacher an administrator made a mentor. Shown on the site while `enabled_at` is set.
  await db.schema
    .createTable("mentors")
    .ifNotExists()
    .addColumn("sub", "text", (col) => col.primaryKey())
    .addColumn("slug", "text", (col) => col.notNull().unique())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("email", "text")
    .addColumn("bio", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("subjects", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("courses", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("team_card", "text")
    .addColumn("meeting_url", "text")
    .addColumn("cancel_cutoff_hours", "integer", (col) => col.notNull().defaultTo(2))
    .addColumn("enabled_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  // One weekly period of office hours, in the college's time zone.
  await db.schema
    .createTable("office_hours")
    .ifNotExists()
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("mentor_sub", "text", (col) => col.notNull().references("mentors.sub").onDelete("cascade"))
    .addColumn("weekday", "integer", (col) => col.notNull())
    .addColumn("starts", "text", (col) => col.notNull())
    .addColumn("ends", "text", (col) => col.notNull())
    .addColumn("slot_minutes", "integer", (col) => col.notNull())
    .addColumn("capacity", "integer", (col) => col.notNull())
    .addColumn("mode", "text", (col) => col.notNull())
    .addColumn("room", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("office_hours_mentor").ifNotExists().on("office_hours").column("mentor_sub").execute();

  await db.schema
    .createTable("mentor_days_off")
    .ifNotExists()
    .addColumn("mentor_sub", "text", (col) => col.notNull().references("mentors.sub").onDelete("cascade"))
    .addColumn("day", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("mentor_days_off_pk", ["mentor_sub", "day"])
    .execute();

  // A slot somebody booked: made at its first booking, with what the office hours said then, and
  // the count of its places taken, raised only while below its capacity (one statement: the last
  // place goes to exactly one booking).
  await db.schema
    .createTable("mentor_slots")
    .ifNotExists()
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("mentor_sub", "text", (col) => col.notNull().references("mentors.sub"))
    .addColumn("starts_at", "text", (col) => col.notNull())
    .addColumn("ends_at", "text", (col) => col.notNull())
    .addColumn("capacity", "integer", (col) => col.notNull())
    .addColumn("mode", "text", (col) => col.notNull())
    .addColumn("room", "text")
    .addColumn("taken", "integer", (col) => col.notNull().defaultTo(0))
    .addUniqueConstraint("mentor_slots_start", ["mentor_sub", "starts_at"])
    .execute();

  await db.schema
    .createTable("mentor_bookings")
    .ifNotExists()
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("slot_id", "text", (col) => col.notNull().references("mentor_slots.id"))
    .addColumn("mentor_sub", "text", (col) => col.notNull())
    .addColumn("student_sub", "text", (col) => col.notNull())
    .addColumn("student_name", "text", (col) => col.notNull())
    .addColumn("student_email", "text")
    .addColumn("reason", "text", (col) => col.notNull())
    .addColumn("about_kind", "text")
    .addColumn("about_path", "text")
    .addColumn("about_title", "text")
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("attendance", "text")
    .addColumn("notes", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("cancelled_at", "text")
    .addColumn("cancelled_by", "text")
    .addColumn("marked_at", "text")
    // The number of the room's last message: raised in the transaction that stores the next one, so
    // the room's messages are numbered in the order they are committed.
    .addColumn("room_seq", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  // One open booking per student and slot; a cancelled one may be booked again.
  await db.schema
    .createIndex("mentor_bookings_one_per_slot")
    .ifNotExists()
    .on("mentor_bookings")
    .columns(["slot_id", "student_sub"])
    .unique()
    .where(sql.ref("status"), "=", "booked")
    .execute();
  await db.schema.createIndex("mentor_bookings_student").ifNotExists().on("mentor_bookings").columns(["student_sub", "status"]).execute();
  await db.schema.createIndex("mentor_bookings_mentor").ifNotExists().on("mentor_bookings").columns(["mentor_sub", "status"]).execute();

  // Mails about bookings: an outbox like account_mails, with the invitation they carry. Reminders
  // are stored at booking with next_attempt_at at their time, and sent by whichever instance
  // claims them then; `created_at` is when a mail became due, from which its retries count.
  await db.schema
    .createTable("mentorship_mails")
    .ifNotExists()
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("booking_id", "text", (col) => col.notNull())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("recipient", "text", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("text", "text", (col) => col.notNull())
    .addColumn("calendar", "text")
    .addColumn("calendar_method", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text")
    .addColumn("claimed_until", "text")
    .addColumn("last_error", "text")
    .addColumn("delivered_at", "text")
    .addUniqueConstraint("mentorship_mails_once", ["booking_id", "kind", "recipient"])
    .execute();
  await db.schema.createIndex("mentorship_mails_due").ifNotExists().on("mentorship_mails").columns(["status", "next_attempt_at"]).execute();

  // A person's private calendar address: the token is the address; a new one revokes the old.
  await db.schema
    .createTable("calendar_feeds")
    .ifNotExists()
    .addColumn("sub", "text", (col) => col.primaryKey())
    .addColumn("token", "text", (col) => col.notNull().unique())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();

  // What the people in a live room send each other: WebRTC's offers, answers and candidates (kept
  // minutes) and the chat (kept with the booking). `to_peer` null: for everyone in the room.
  await db.schema
    .createTable("room_messages")
    .ifNotExists()
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("booking_id", "text", (col) => col.notNull())
    .addColumn("seq", "integer", (col) => col.notNull())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("from_peer", "text", (col) => col.notNull())
    .addColumn("from_sub", "text", (col) => col.notNull())
    .addColumn("from_name", "text", (col) => col.notNull())
    .addColumn("to_peer", "text")
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("room_messages_booking").ifNotExists().on("room_messages").columns(["booking_id", "seq"]).unique().execute();

  // Who is in a room now: a page that connected and still answers (seen_at renewed while it does).
  await db.schema
    .createTable("room_peers")
    .ifNotExists()
    .addColumn("peer", "text", (col) => col.primaryKey())
    .addColumn("booking_id", "text", (col) => col.notNull())
    .addColumn("sub", "text", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("role", "text", (col) => col.notNull())
    .addColumn("joined_at", "text", (col) => col.notNull())
    .addColumn("seen_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("room_peers_booking").ifNotExists().on("room_peers").column("booking_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "room_peers",
    "room_messages",
    "calendar_feeds",
    "mentorship_mails",
    "mentor_bookings",
    "mentor_slots",
    "mentor_days_off",
    "office_hours",
    "mentors",
  ])
    await db.schema.dropTable(table).ifExists().execute();
}
