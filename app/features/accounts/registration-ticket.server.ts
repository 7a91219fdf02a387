import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { siteCookie } from "#app/lib/http/cookies.server.ts";
import type { Database } from "#app/lib/db/schema.ts";

const registrationTicketSeconds = 10 * 60;
/** Carries the ticket to the provider's login page, and only there. */
export const registrationTicketCookie = siteCookie("registered", { path: "/signin/interaction", maxAgeSeconds: registrationTicketSeconds });

const hash = (ticket: string) => createHash("sha256").update(ticket).digest("base64url");

/** A one-time ticket proving this browser just created the account. */
export async function issueRegistrationTicket(db: Kysely<Database>, accountId: string): Promise<string> {
  const ticket = randomBytes(32).toString("base64url");
  await db
    .insertInto("registration_tickets")
    .values({
      id_hash: hash(ticket),
      account_id: accountId,
      expires_at: new Date(Date.now() + registrationTicketSeconds * 1000).toISOString(),
    })
    .execute();
  return ticket;
}

/** The account the ticket was issued for, once; undefined when unknown, used or expired. */
export async function redeemRegistrationTicket(db: Kysely<Database>, ticket: string | undefined): Promise<string | undefined> {
  if (!ticket) return undefined;
  const row = await db
    .deleteFrom("registration_tickets")
    .where("id_hash", "=", hash(ticket))
    .where("expires_at", ">", new Date().toISOString())
    .returning("account_id")
    .executeTakeFirst();
  return row?.account_id;
}

/** Tickets never redeemed, once expired. */
export async function pruneRegistrationTickets(db: Kysely<Database>, now = new Date()): Promise<void> {
  await db.deleteFrom("registration_tickets").where("expires_at", "<", now.toISOString()).execute();
}
