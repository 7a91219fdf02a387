// The learner the benchmarks sign in: an account in a fresh, migrated SQLite file, then signed in
// through the built-in provider as a browser would (bench-load.ts, profile-pages.ts).
import { hashPassword } from "#app/features/accounts/password.server.ts";
import { createAccount } from "#app/features/accounts/queries.server.ts";
import { openDatabase } from "#app/lib/db/connect.server.ts";
import { migrateToLatest } from "#app/lib/db/migrate.server.ts";
import { TestBrowser } from "#tests/setup/http-client.ts";

const learner = { name: "Crowd Learner", email: "crowd-learner@example.com", password: "monsoon-lantern-tamarind-7" };

/** Migrates the database at `sqlitePath` and makes the learner's account there. */
export async function databaseWithLearner(sqlitePath: string): Promise<void> {
  const setup = openDatabase({ SQLITE_PATH: sqlitePath });
  try {
    await migrateToLatest(setup.db);
    await createAccount(setup.db, {
      name: learner.name,
      phone: "9840012345",
      email: learner.email,
      passwordHash: await hashPassword(learner.password),
    });
  } finally {
    await setup.close();
  }
}

/** Signs the learner in at the site; returns the cookies a browser would then send. */
export async function signInLearner(siteUrl: string): Promise<string> {
  const browser = new TestBrowser(siteUrl, "198.51.100.250");
  const atLogin = await browser.follow(await browser.request("/signin?return_to=%2Fprofile"), "/signin");
  const posted = await browser.postForm(atLogin.url.pathname, { email: learner.email, password: learner.password });
  const { url } = await browser.follow(posted, atLogin.url.pathname);
  if (url.pathname !== "/profile") throw new Error(`signing in ended at ${url.pathname}`);
  return browser.jar.headerFor(new URL("/profile", siteUrl));
}
