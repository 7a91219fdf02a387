import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";
import type { ContentKind, TeamRole } from "#app/features/teams/types.ts";

/**
 * Puts an address on a seeded course's or quiz's team, as its owners would from its page: for
 * tests whose teacher works on seeded content (the seeds give it no team).
 */
export async function putOnTeam(db: Kysely<Database>, kind: ContentKind, slug: string, email: string, role: TeamRole = "teacher") {
  await db
    .insertInto("content_teams")
    .values({
      content_kind: kind,
      content_slug: slug,
      email: email.toLowerCase(),
      role,
      added_at: new Date().toISOString(),
      added_by: "a test",
    })
    .onConflict((conflict) => conflict.columns(["content_kind", "content_slug", "email"]).doNothing())
    .execute();
}
