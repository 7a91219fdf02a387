import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // A course's completion rule: every published lesson finished and, when set, its quiz passed at
  // this mark. Certificates keep the holder's name and the course's title as they were when issued.
  await db.schema.alterTable("courses").addColumn("certificate_quiz", "text").execute();
  await db.schema
    .alterTable("courses")
    .addColumn("certificate_pass_percent", "integer", (col) => col.notNull().defaultTo(60))
    .execute();
  await db.schema
    .createTable("certificates")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_sub", "text", (col) => col.notNull())
    .addColumn("course_slug", "text", (col) => col.notNull())
    .addColumn("holder_name", "text", (col) => col.notNull())
    .addColumn("course_title", "text", (col) => col.notNull())
    .addColumn("issuer", "text", (col) => col.notNull())
    .addColumn("issued_at", "text", (col) => col.notNull())
    .addColumn("revoked_at", "text")
    .addColumn("revoked_reason", "text")
    .addUniqueConstraint("certificates_one_per_course", ["user_sub", "course_slug"])
    .execute();
  await db.schema.createIndex("certificates_holder").on("certificates").columns(["user_sub", "issued_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("certificates").execute();
  await db.schema.alterTable("courses").dropColumn("certificate_pass_percent").execute();
  await db.schema.alterTable("courses").dropColumn("certificate_quiz").execute();
}
