// Every kind of personal data a kept page's slots read (app/lib/personal/), by the name routes
// declare in their handle (`signedIn`). A route's loader answers the same through these, so a
// page filled in from a kept one and a page rendered whole show the same person the same things.
import type { Kysely } from "kysely";
import type { Database } from "./lib/db/schema.ts";
import type { KnownVersions } from "./lib/content-versions/versioned-snapshot.server.ts";
import type { SessionUser } from "./features/auth/index.server.ts";
import { coursePagePersonalData } from "./features/courses/index.server.ts";
import { courseProgressData } from "./features/courses/types.ts";
import { quizPagePersonalData } from "./features/quizzes/index.server.ts";
import { quizProgressData } from "./features/quizzes/types.ts";
import { accountData, type Account } from "./components/nav-bar.tsx";
import { lastAnswers } from "./lib/last-answers.ts";
import { sharedValue } from "./lib/personal/shared-values.server.ts";

export interface PersonalDataArgs {
  db: Kysely<Database>;
  /** Null for a visitor. */
  user: SessionUser | null;
  /** The page's address. */
  url: URL;
  /**
   * The stored contents' versions as the page cache last read them (none without a page cache):
   * the kept page filled in was kept at them, so the person's parts may be read at them too.
   */
  knownVersions?: KnownVersions;
}

export interface PersonalData {
  data: unknown;
  /** The kept page to fill in when it is not the one at the page's own address. */
  sharedAddress?: string;
}

/** The nav bar's data of a person by name, one object for all their requests (app/lib/personal/shared-values.server.ts). */
const accountNamed = lastAnswers((name: string) => sharedValue({ name }), 4096);

/** What the nav bar shows of the signed-in person. */
export const accountOf = (user: SessionUser | null): Account => (user ? accountNamed(user.name) : null);

/** Each loads one person's data of a page, or null when the page must be rendered whole (no such course). */
export const personalData: Record<string, (args: PersonalDataArgs) => Promise<PersonalData | null>> = {
  [accountData]: async ({ user }) => ({ data: accountOf(user) }),
  [courseProgressData]: ({ db, user, url, knownVersions }) => coursePagePersonalData(db, user?.sub ?? null, url, knownVersions),
  [quizProgressData]: ({ db, user, url, knownVersions }) => quizPagePersonalData(db, user?.sub ?? null, url, knownVersions),
};

/**
 * One person's data of a page, by name, and the address of the page everyone sees alike that it
 * fills in (the page's own unless a loader says otherwise); null when the page must be rendered whole.
 */
export async function loadPersonalData(
  names: readonly string[],
  args: PersonalDataArgs,
): Promise<{ data: Record<string, unknown>; sharedAddress: string } | null> {
  const loaded = await Promise.all(names.map((name) => personalData[name]?.(args) ?? null));
  if (loaded.some((one) => one === null)) return null;
  const data = Object.fromEntries(names.map((name, index) => [name, loaded[index]!.data]));
  const addresses = new Set(loaded.map((one) => one!.sharedAddress).filter((address) => address !== undefined));
  if (addresses.size > 1) return null;
  return { data, sharedAddress: [...addresses][0] ?? args.url.pathname + args.url.search };
}
