import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test as base } from "./test.ts";
import { openDatabase } from "#app/lib/db/connect.server.ts";
import { migrateToLatest } from "#app/lib/db/migrate.server.ts";
import { insertLibraryFixtures } from "../setup/library-fixtures.ts";
import { startBuiltSite } from "#tests/setup/built-site.ts";
import { libraryCatalogue } from "#app/content/seeds/library-catalogue.ts";
import { applyCatalogueSeed } from "#app/features/library/seed.server.ts";
import { mailCatcherSmtpUrl } from "./ports.ts";

/**
 * The built site on a SQLite file holding the library's test books: the shared e2e server keeps
 * its data in memory, out of the tests' reach. One per worker, on a port nobody listens on.
 */
async function startLibrarySite() {
  const dir = mkdtempSync(join(tmpdir(), "elearning-library-e2e-"));
  const sqlitePath = join(dir, "app.db");
  const handle = openDatabase({ SQLITE_PATH: sqlitePath });
  await migrateToLatest(handle.db);
  // Applied (and recorded) before the fixtures replace it, so the site does not add it again at start.
  await applyCatalogueSeed(handle.db, libraryCatalogue);
  await insertLibraryFixtures(handle.db);
  await handle.close();

  const site = await startBuiltSite({ SQLITE_PATH: sqlitePath, LOG_LEVEL: "warn", TRUST_PROXY: "1", SMTP_URL: mailCatcherSmtpUrl });
  return {
    url: site.url,
    async stop() {
      await site.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Playwright's test, with `baseURL` at a library site of this worker's own. */
export const test = base.extend<object, { librarySite: { url: string } }>({
  librarySite: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const site = await startLibrarySite();
      await use(site);
      await site.stop();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ librarySite }, use) => use(librarySite.url),
});
