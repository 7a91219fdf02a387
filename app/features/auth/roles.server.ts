import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";
import { isRole, type Role } from "./roles.ts";

/** An address as roles and teams are keyed by: trimmed, in lower case. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The person's address in lower case when the provider vouches for it, else null. */
export function trustedEmail(sources: RoleSources, claims: Record<string, unknown>): string | null {
  return typeof claims.email === "string" && sources.emailTrusted(claims) ? normaliseEmail(claims.email) : null;
}

export interface RoleSources {
  /** ADMIN_EMAILS, in lower case. */
  adminEmails: readonly string[];
  /** OIDC_ROLE_CLAIM: the ID token claim an external provider puts the role in. */
  roleClaim?: string;
  /**
   * Whether the email claim can be trusted to name its owner. The built-in provider's
   * addresses are unique accounts; an external provider's only when it marks them verified.
   */
  emailTrusted: (claims: Record<string, unknown>) => boolean;
}

/** A role in a claim: a string, or a list of which the first known role counts. */
function roleFromClaim(value: unknown): Role | undefined {
  const candidates = Array.isArray(value) ? value : [value];
  return candidates.map((candidate) => (typeof candidate === "string" ? candidate.trim().toLowerCase() : candidate)).find(isRole);
}

/**
 * The role a person gets when signing in. ADMIN_EMAILS first, then the role the college gave
 * with `npm run user:role`, then the provider's role claim, else student.
 */
export async function roleAtSignIn(db: Kysely<Database>, sources: RoleSources, claims: Record<string, unknown>): Promise<Role> {
  const email = trustedEmail(sources, claims);
  if (email && sources.adminEmails.includes(email)) return "admin";
  if (email) {
    const given = await db.selectFrom("user_roles").select("role").where("email", "=", email).executeTakeFirst();
    if (given && isRole(given.role)) return given.role;
  }
  return (sources.roleClaim && roleFromClaim(claims[sources.roleClaim])) || "student";
}

/**
 * Gives the person with this email a role from their next sign-in on, and at once to the
 * sessions they have now. Returns how many sessions changed. Inside a transaction given as `db`
 * (a staff change with its audit line), it takes part in that one.
 */
export async function assignRole(db: Kysely<Database>, email: string, role: Role): Promise<number> {
  const address = normaliseEmail(email);
  const inTransaction = (work: (trx: Kysely<Database>) => Promise<number>) =>
    db.isTransaction ? work(db) : db.transaction().execute(work);
  return inTransaction(async (trx) => {
    await trx
      .insertInto("user_roles")
      .values({ email: address, role, updated_at: new Date().toISOString() })
      .onConflict((oc) => oc.column("email").doUpdateSet({ role, updated_at: new Date().toISOString() }))
      .execute();
    // Only sessions whose address the provider vouched for: an unverified look-alike gets nothing.
    const updated = await trx.updateTable("sessions").set({ role }).where("role_email", "=", address).executeTakeFirst();
    return Number(updated.numUpdatedRows);
  });
}
