import { sql, type Kysely } from "kysely";

/**
 * Moves rows of the courses' tables in one transaction that also raises the courses' content
 * version: pages kept for visitors show the captions (and the database handle's write guard insists).
 * PostgreSQL runs each migration in a transaction already; SQLite's run outside one.
 */
async function changeCourses(db: Kysely<unknown>, work: (trx: Kysely<unknown>) => Promise<void>) {
  const run = async (trx: Kysely<unknown>) => {
    await work(trx);
    await sql`
      INSERT INTO content_versions (topic, version) VALUES (${"courses"}, 1)
      ON CONFLICT (topic) DO UPDATE SET version = content_versions.version + 1
    `.execute(trx);
  };
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // A lesson's captions, one WebVTT file per language, in the order the player's menu lists them.
  await db.schema
    .createTable("lesson_captions")
    // SQLite runs no migration in a transaction: after a failure part-way, a second start goes on from here.
    .ifNotExists()
    .addColumn("lesson_id", "text", (col) => col.notNull().references("lessons.id").onDelete("cascade"))
    .addColumn("language", "text", (col) => col.notNull())
    .addColumn("label", "text", (col) => col.notNull())
    .addColumn("file", "text", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("lesson_captions_pk", ["lesson_id", "language"])
    .execute();
  // Until now a lesson had one captions file, always English.
  await changeCourses(db, async (trx) => {
    await sql`
      INSERT INTO lesson_captions (lesson_id, language, label, file, position, created_at)
      SELECT id, 'en', 'English', captions, 1, updated_at FROM lessons WHERE captions IS NOT NULL
    `.execute(trx);
    // The old column is emptied, not dropped: an instance still running the previous build during a
    // rolling restart reads it, and would fail on a missing column (it shows no captions instead).
    await sql`UPDATE lessons SET captions = NULL WHERE captions IS NOT NULL`.execute(trx);
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Back to one file per lesson: the first of its menu.
  await changeCourses(db, async (trx) => {
    await sql`
      UPDATE lessons SET captions = (
        SELECT file FROM lesson_captions WHERE lesson_captions.lesson_id = lessons.id ORDER BY position LIMIT 1
      )
    `.execute(trx);
  });
  await db.schema.dropTable("lesson_captions").execute();
}
