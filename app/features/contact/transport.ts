import type { Database } from "#app/lib/db/schema.ts";
import type { Transport } from "#app/lib/outbox/transport.ts";

/** What a transport needs of a stored contact message. */
export type OutboxMessage = Pick<Database["contact_messages"], "id" | "name" | "email" | "phone" | "message" | "created_at">;

/** How contact messages reach the college. */
export type ContactTransport = Transport<OutboxMessage>;
