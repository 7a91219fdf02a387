// A signed-in session made in the database as a sign-in makes it (the person, then the session),
// for tests and benchmarks that need many people signed in: signing each in through the provider
// takes far longer.
import type { Kysely } from "kysely";
import { recordSignIn } from "#app/features/auth/people.server.ts";
import { createSession, sessionCookie } from "#app/features/auth/sessions.server.ts";
import type { Database } from "#app/lib/db/schema.ts";

/** The Cookie header of a new session of `person`, as the site sets it over plain HTTP. */
export async function sessionCookieOf(db: Kysely<Database>, person: { sub: string; name: string; email: string }): Promise<string> {
  await recordSignIn(db, person);
  const id = await createSession(db, {
    ...person,
    picture: null,
    id_token: "",
    access_token: "",
    refresh_token: null,
    access_expires_at: null,
  });
  return sessionCookie.set(id, false).split(";")[0]!;
}
