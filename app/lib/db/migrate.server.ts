import type { Kysely } from "kysely";
import { Migrator, type Migration, type MigrationResultSet } from "kysely/migration";
// Migrations must keep working whatever the schema becomes, so they see an untyped database.
import * as m001 from "./migrations/001-newsletter-and-rate-limits.server.ts";
import * as m002 from "./migrations/002-accounts.server.ts";
import * as m003 from "./migrations/003-sign-in.server.ts";
import * as m004 from "./migrations/004-learning.server.ts";
import * as m005 from "./migrations/005-roles.server.ts";
import * as m006 from "./migrations/006-feedback.server.ts";
import * as m007 from "./migrations/007-contact.server.ts";
import * as m008 from "./migrations/008-library.server.ts";
import * as m009 from "./migrations/009-seed-versions.server.ts";
import * as m010 from "./migrations/010-account-links.server.ts";
import * as m011 from "./migrations/011-content-versions.server.ts";
import * as m012 from "./migrations/012-learning-content.server.ts";
import * as m013 from "./migrations/013-people.server.ts";
import * as m014 from "./migrations/014-locks-and-registration-links.server.ts";
import * as m015 from "./migrations/015-video-uploads.server.ts";
import * as m016 from "./migrations/016-one-account-link-per-purpose.server.ts";
import * as m017 from "./migrations/017-lesson-notes-and-explanations.server.ts";
import * as m018 from "./migrations/018-quiz-progress.server.ts";
import * as m019 from "./migrations/019-certificates.server.ts";
import * as m020 from "./migrations/020-content-teams.server.ts";
import * as m021 from "./migrations/021-course-descriptions.server.ts";
import * as m022 from "./migrations/022-caption-tracks.server.ts";
import * as m023 from "./migrations/023-course-ratings.server.ts";
import * as m024 from "./migrations/024-question-text-formats.server.ts";
import * as m025 from "./migrations/025-mentorship.server.ts";
import * as m026 from "./migrations/026-booking-meeting-address.server.ts";
import * as m027 from "./migrations/027-learner-course-versions.server.ts";

/** Listed in code, not read from a folder, so the bundled server carries them. */
const migrations = {
  "001-newsletter-and-rate-limits": m001,
  "002-accounts": m002,
  "003-sign-in": m003,
  "004-learning": m004,
  "005-roles": m005,
  "006-feedback": m006,
  "007-contact": m007,
  "008-library": m008,
  "009-seed-versions": m009,
  "010-account-links": m010,
  "011-content-versions": m011,
  "012-learning-content": m012,
  "013-people": m013,
  "014-locks-and-registration-links": m014,
  "015-video-uploads": m015,
  "016-one-account-link-per-purpose": m016,
  "017-lesson-notes-and-explanations": m017,
  "018-quiz-progress": m018,
  "019-certificates": m019,
  "020-content-teams": m020,
  "021-course-descriptions": m021,
  "022-caption-tracks": m022,
  "023-course-ratings": m023,
  "024-question-text-formats": m024,
  "025-mentorship": m025,
  "026-booking-meeting-address": m026,
  "027-learner-course-versions": m027,
} satisfies Record<string, Migration>;

const migratorFor = <DB>(db: Kysely<DB>) => new Migrator({ db, provider: { getMigrations: async () => migrations } });

function throwIfFailed(result: MigrationResultSet): MigrationResultSet {
  if (result.error) throw result.error;
  return result;
}

export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<MigrationResultSet> {
  return throwIfFailed(await migratorFor(db).migrateToLatest());
}

/** Up to the named migration and no further: tests of what a migration does to earlier data use it. */
export async function migrateTo<DB>(db: Kysely<DB>, name: keyof typeof migrations): Promise<MigrationResultSet> {
  return throwIfFailed(await migratorFor(db).migrateTo(name));
}
