import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "#app/lib/db/schema.ts";
import { libraryCatalogue } from "#app/content/seeds/library-catalogue.ts";
import { applyCertificateRulesSeed } from "#app/features/certificates/seed.server.ts";
import { applyCourseSeed, applyLessonNotesSeed } from "#app/features/courses/seed.server.ts";
import { applyCatalogueSeed } from "#app/features/library/seed.server.ts";
import { applyQuizExplanationsSeed, applyQuizSeed } from "#app/features/quizzes/seed.server.ts";
import { openDatabase, type DatabaseHandle } from "#app/lib/db/connect.server.ts";
import { migrateToLatest } from "#app/lib/db/migrate.server.ts";
import type { Config } from "#app/lib/config/env.server.ts";

/**
 * Migrations, then the seeds (the courses and quizzes on the first start only, the library
 * catalogue whenever it changed): once per start, before any page is served, by
 * the one process that starts the others when there are several (server/cluster.ts).
 *
 * They may run long statements: on PostgreSQL on a handle of their own, without the statement
 * bounds of the pages' handle. On SQLite the pages' handle when given (":memory:" is one handle's).
 */
export async function prepareDatabase(config: Config, logger: Logger, pagesDatabase?: DatabaseHandle): Promise<void> {
  const setup = pagesDatabase && !config.DATABASE_URL ? pagesDatabase : openDatabase(config);
  try {
    await migrateToLatest(setup.db);
    const seeds = await applySeeds(setup.db);
    if (seeds.courses) logger.info("courses seeded");
    if (seeds.quizzes) logger.info("quizzes seeded");
    if (seeds.library.applied) logger.info(seeds.library, "library catalogue seed applied");
  } finally {
    if (setup !== pagesDatabase) await setup.close();
  }
}

/**
 * The built-in content: the courses and quizzes on the first start only (the lessons' notes, the
 * questions' explanations and the courses' certificate rules once, also into a database seeded
 * before they existed), the library's books whenever they changed.
 */
export async function applySeeds(db: Kysely<Database>) {
  const courses = await applyCourseSeed(db);
  await applyLessonNotesSeed(db);
  const quizzes = await applyQuizSeed(db);
  await applyQuizExplanationsSeed(db);
  await applyCertificateRulesSeed(db);
  return { courses, quizzes, library: await applyCatalogueSeed(db, libraryCatalogue) };
}
