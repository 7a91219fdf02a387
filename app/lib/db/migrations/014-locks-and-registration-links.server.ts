import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // When a sign-in block ends, fixed when the block starts: refused attempts never move it
  // (features/accounts/login-throttle.server.ts).
  await db.schema.alterTable("login_failures").addColumn("blocked_until", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("login_failures").dropColumn("blocked_until").execute();
}
