import { sql, type Kysely } from "kysely";
import { isPostgres } from "../engine.server.ts";

/** The tables whose rows make up a learner's state in a course, as a course page shows it. */
const learnerCourseTables = ["lesson_progress", "course_ratings"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  // A new random version of a learner's progress and stars in a course whenever either changes,
  // written by the database itself in the same transaction as the change, whoever makes it. A
  // worker that keeps a learner's course progress as it last read it checks this one value, not
  // the rows, on every page request (features/courses/course-progress.server.ts).
  await db.schema
    .createTable("learner_course_versions")
    .addColumn("user_sub", "text", (col) => col.notNull())
    .addColumn("course_slug", "text", (col) => col.notNull())
    .addColumn("version", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("learner_course_versions_pk", ["user_sub", "course_slug"])
    .execute();

  if (isPostgres(db)) {
    await sql`create function touch_learner_course_version() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'DELETE' then
          insert into learner_course_versions (user_sub, course_slug, version)
          values (new.user_sub, new.course_slug, gen_random_uuid()::text)
          on conflict (user_sub, course_slug) do update set version = excluded.version;
        end if;
        if tg_op = 'DELETE' or tg_op = 'UPDATE' and (old.user_sub, old.course_slug) is distinct from (new.user_sub, new.course_slug) then
          insert into learner_course_versions (user_sub, course_slug, version)
          values (old.user_sub, old.course_slug, gen_random_uuid()::text)
          on conflict (user_sub, course_slug) do update set version = excluded.version;
        end if;
        return null;
      end
    $$`.execute(db);
    for (const table of learnerCourseTables) {
      await sql`create trigger ${sql.raw(`${table}_touch_version`)} after insert or update or delete on ${sql.table(table)}
        for each row execute function touch_learner_course_version()`.execute(db);
    }
  } else {
    // 16 random bytes as hex: no learner's two states share one.
    const touch = (row: "new" | "old") =>
      sql.raw(`insert into learner_course_versions (user_sub, course_slug, version)
      values (${row}.user_sub, ${row}.course_slug, lower(hex(randomblob(16))))
      on conflict (user_sub, course_slug) do update set version = excluded.version;`);
    for (const table of learnerCourseTables) {
      const name = (event: string) => sql.raw(`${table}_touch_version_on_${event}`);
      await sql`create trigger ${name("insert")} after insert on ${sql.table(table)} begin ${touch("new")} end`.execute(db);
      await sql`create trigger ${name("update")} after update on ${sql.table(table)} begin ${touch("new")} end`.execute(db);
      // Only a change of learner or course leaves a second state behind (nothing does that today).
      await sql`create trigger ${name("move")} after update on ${sql.table(table)}
        when old.user_sub is not new.user_sub or old.course_slug is not new.course_slug begin ${touch("old")} end`.execute(db);
      await sql`create trigger ${name("delete")} after delete on ${sql.table(table)} begin ${touch("old")} end`.execute(db);
    }
  }

  const version = isPostgres(db) ? sql`gen_random_uuid()::text` : sql`lower(hex(randomblob(16)))`;
  await sql`insert into learner_course_versions (user_sub, course_slug, version)
    select user_sub, course_slug, ${version} from (
      select user_sub, course_slug from lesson_progress union select user_sub, course_slug from course_ratings
    ) as learners`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const table of learnerCourseTables)
      await sql`drop trigger ${sql.raw(`${table}_touch_version`)} on ${sql.table(table)}`.execute(db);
    await sql`drop function touch_learner_course_version()`.execute(db);
  } else {
    for (const table of learnerCourseTables) {
      for (const event of ["insert", "update", "move", "delete"])
        await sql`drop trigger ${sql.raw(`${table}_touch_version_on_${event}`)}`.execute(db);
    }
  }
  await db.schema.dropTable("learner_course_versions").execute();
}
