import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "@playwright/test";
import type { DatabaseHandle } from "#app/lib/db/connect.server.ts";
import { startSite, type RunningSite } from "../setup/server.ts";
import { mailCatcherSmtpUrl } from "./ports.ts";
import { register } from "./register.ts";
import { newContext, test } from "./test.ts";

/**
 * A site for the tests of one file, started before them on a fresh database with a folder of its
 * own for uploads (MEDIA_DIR), for journeys that change content the shared site's other tests read.
 */
export function siteOfItsOwn() {
  let site: RunningSite;
  let handle: DatabaseHandle;
  let folder: string;
  test.beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), "site-of-its-own-"));
    site = await startSite({ SMTP_URL: mailCatcherSmtpUrl, MEDIA_DIR: join(folder, "media") });
    handle = site.database.open();
  });
  test.afterAll(async () => {
    await handle?.close();
    await site?.stop();
    rmSync(folder, { recursive: true, force: true });
  });
  return {
    get url() {
      return site.url;
    },
    get db() {
      return handle.db;
    },
    /** A folder for the test's own files, removed afterwards. */
    get folder() {
      return folder;
    },
    /** A new browser context in which `email` has registered and is signed in. */
    async signedIn(browser: Browser, email: string, name: string) {
      const context = await newContext(browser, { baseURL: site.url, reducedMotion: "reduce" });
      const page = await context.newPage();
      await register(page, email, name);
      return { context, page };
    },
  };
}
