import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Where an online session meets is decided when it is booked: its mails, invitation and reminders
  // say so, and a mentor changing their meeting address later must not send the booking elsewhere.
  // Null: the site's own live room (or a session on campus).
  await db.schema.alterTable("mentor_bookings").addColumn("meeting_url", "text").execute();
  // Bookings made before: the mentor's address as it is now, which is what their mails said unless it changed.
  await sql`
    UPDATE mentor_bookings SET meeting_url = (SELECT mentors.meeting_url FROM mentors WHERE mentors.sub = mentor_bookings.mentor_sub)
    WHERE slot_id IN (SELECT id FROM mentor_slots WHERE mode = 'online')
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mentor_bookings").dropColumn("meeting_url").execute();
}
