import type { Kysely } from "kysely";
import type { Adapter, AdapterPayload } from "oidc-provider";
import type { Database } from "#app/lib/db/schema.ts";

/**
 * oidc-provider's storage in our database, so every app instance sees the same
 * provider sessions, codes and grants, and restarts lose none of them.
 */
export function databaseAdapter(db: Kysely<Database>) {
  return class DatabaseAdapter implements Adapter {
    private readonly model: string;

    constructor(model: string) {
      this.model = model;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const row = {
        model: this.model,
        id,
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000).toISOString() : null,
        consumed_at: null,
      };
      await db
        .insertInto("oidc_payloads")
        .values(row)
        .onConflict((oc) =>
          oc.columns(["model", "id"]).doUpdateSet({
            payload: row.payload,
            grant_id: row.grant_id,
            user_code: row.user_code,
            uid: row.uid,
            expires_at: row.expires_at,
          }),
        )
        .execute();
    }

    private async findWhere(column: "id" | "uid" | "user_code", value: string): Promise<AdapterPayload | undefined> {
      const row = await db
        .selectFrom("oidc_payloads")
        .select(["payload", "expires_at", "consumed_at"])
        .where("model", "=", this.model)
        .where(column, "=", value)
        .executeTakeFirst();
      if (!row || (row.expires_at && row.expires_at <= new Date().toISOString())) return undefined;
      const payload = JSON.parse(row.payload) as AdapterPayload;
      return row.consumed_at ? { ...payload, consumed: Math.floor(new Date(row.consumed_at).getTime() / 1000) } : payload;
    }

    find(id: string) {
      return this.findWhere("id", id);
    }

    findByUid(uid: string) {
      return this.findWhere("uid", uid);
    }

    findByUserCode(userCode: string) {
      return this.findWhere("user_code", userCode);
    }

    async consume(id: string): Promise<void> {
      await db
        .updateTable("oidc_payloads")
        .set({ consumed_at: new Date().toISOString() })
        .where("model", "=", this.model)
        .where("id", "=", id)
        .execute();
    }

    async destroy(id: string): Promise<void> {
      await db.deleteFrom("oidc_payloads").where("model", "=", this.model).where("id", "=", id).execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom("oidc_payloads").where("grant_id", "=", grantId).execute();
    }
  };
}

/**
 * Ends the account's sessions at the provider, and the grants and tokens it issued for it, so a
 * new password is needed everywhere. The provider keeps the account only inside each payload.
 */
export async function forgetProviderSessionsOf(db: Kysely<Database>, accountId: string): Promise<void> {
  // Stored by JSON.stringify, so exactly this text; an account id is a UUID, with no LIKE wildcards.
  await db
    .deleteFrom("oidc_payloads")
    .where("payload", "like", `%"accountId":${JSON.stringify(accountId)}%`)
    .execute();
}

/** Removes expired rows; the provider never deletes what merely expired. */
export async function pruneExpiredPayloads(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom("oidc_payloads").where("expires_at", "<", new Date().toISOString()).execute();
}
