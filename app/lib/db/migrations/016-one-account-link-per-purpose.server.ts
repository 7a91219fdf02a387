import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // An account has at most one live link per purpose, held by the database rather than by a delete
  // before each insert (two requests at once could both insert). Earlier duplicates go first, the
  // newest of each account and purpose kept.
  await sql`
    delete from account_links
    where account_id is not null
      and exists (
        select 1 from account_links newer
        where newer.account_id = account_links.account_id and newer.purpose = account_links.purpose
          and (newer.created_at > account_links.created_at
            or (newer.created_at = account_links.created_at and newer.id_hash > account_links.id_hash))
      )`.execute(db);
  await db.schema.dropIndex("account_links_account").execute();
  await db.schema
    .createIndex("account_links_one_per_purpose")
    .unique()
    .on("account_links")
    .columns(["account_id", "purpose"])
    // Written out, not a parameter: PostgreSQL matches an upsert's conflict target to this index by its text.
    .where(sql<boolean>`account_id is not null`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("account_links_one_per_purpose").execute();
  await db.schema.createIndex("account_links_account").on("account_links").columns(["account_id", "purpose"]).execute();
}
