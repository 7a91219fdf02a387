import type { Kysely } from "kysely";

interface SessionPerson {
  sub: string;
  name: string;
  email: string | null;
  created_at: string;
  last_seen_at: string;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // Everyone who has signed in, whichever provider vouched for them: what administrators list,
  // search and disable (/staff/accounts). A disabled person's sessions are ended and they cannot
  // sign in again until enabled.
  await db.schema
    .createTable("people")
    .addColumn("sub", "text", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("email", "text")
    .addColumn("first_seen_at", "text", (col) => col.notNull())
    .addColumn("last_sign_in_at", "text", (col) => col.notNull())
    .addColumn("disabled_at", "text")
    .addColumn("disabled_by", "text")
    .execute();

  // The built-in provider's accounts (their id is their subject), then those signed in now, newest
  // session first, so each keeps their latest name and address.
  const sessions = (await db
    .selectFrom("sessions" as never)
    .select(["sub", "name", "email", "created_at", "last_seen_at"] as never[])
    .orderBy("created_at" as never, "desc")
    .execute()) as SessionPerson[];
  const accounts = (await db
    .selectFrom("accounts" as never)
    .select(["id as sub", "name", "email", "created_at", "created_at as last_seen_at"] as never[])
    .execute()) as SessionPerson[];
  const seen = new Set<string>();
  for (const session of [...sessions, ...accounts]) {
    if (seen.has(session.sub)) continue;
    seen.add(session.sub);
    await db
      .insertInto("people" as never)
      .values({
        sub: session.sub,
        name: session.name,
        email: session.email,
        first_seen_at: session.created_at,
        last_sign_in_at: session.created_at,
      } as never)
      .execute();
  }
}
