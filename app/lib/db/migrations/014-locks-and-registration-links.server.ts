import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // When a sign-in block ends, fixed when the block starts: refused attempts never move it
  // (features/accounts/login-throttle.server.ts).
  await db.schema.alterTable("login_failures").addColumn("blocked_until", "text").execute();

  // At most one live registration link per address: a new registration replaces the older link.
  // Earlier duplicates go first, the newest of each address kept.
  await sql`
    delete from account_links
    where purpose = 'registration'
      and exists (
        select 1 from account_links newer
        where newer.purpose = 'registration' and newer.email = account_links.email
          and (newer.created_at > account_links.created_at
            or (newer.created_at = account_links.created_at and newer.id_hash > account_links.id_hash))
      )`.execute(db);
  await db.schema
    .createIndex("account_links_one_registration")
    .unique()
    .on("account_links")
    .column("email")
    // A literal, not a parameter: PostgreSQL matches an upsert's conflict target to this index by its text.
    .where(sql.ref("purpose"), "=", sql.lit("registration"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("account_links_one_registration").execute();
  await db.schema.alterTable("login_failures").dropColumn("blocked_until").execute();
}
