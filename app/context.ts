import type { IncomingMessage, ServerResponse } from "node:http";
import type { Kysely } from "kysely";
import type Provider from "oidc-provider";
import type { Logger } from "pino";
import { createContext } from "react-router";
import type { Database } from "./lib/db/schema.ts";
import type { MediaCatalog } from "./features/courses/lesson-media.server.ts";
import type { Config } from "./lib/config/env.server.ts";
import type { MediaStore } from "./lib/storage/media-store.server.ts";
import type { RelyingParty } from "./features/auth/relying-party.server.ts";
import type { RoleSources } from "./features/auth/roles.server.ts";
import type { SessionRow, SessionUser } from "./features/auth/sessions.server.ts";
import type { AccountMailer } from "./features/accounts/mail/account-mailer.server.ts";
import type { MentorshipMailer } from "./features/mentorship/mail.server.ts";
import type { RoomBus } from "./features/mentorship/room-bus.server.ts";

/** What the Express server hands every loader and action. */
export interface RequestServices {
  db: Kysely<Database>;
  config: Config;
  logger: Logger;
  requestId: string;
  /** The CSP nonce of this response; inline scripts need it. */
  nonce: string;
  /** Whether cookies get Secure: the site is public over HTTPS, or this request came over HTTPS (through a trusted proxy). */
  secureCookies: boolean;
  /** The client's address, as the configured proxies report it. */
  clientAddress: string;
  /** How the site signs people in. */
  relyingParty: RelyingParty;
  /** Where a signing-in person's role comes from. */
  roleSources: RoleSources;
  /** Which lessons have a video, and where it is. */
  media: MediaCatalog;
  /**
   * Where the browser finds a file whose address the database keeps: a public file's stable
   * address ("/images/courses/java.svg") gets the build's current version, a media key its address.
   */
  fileAddress(stored: string): string;
  /** Where staff uploads (course pictures, lesson videos and captions) are written. */
  mediaStore: MediaStore;
  /** The built-in OpenID provider, absent when an external one is configured. */
  identityProvider?: Provider;
  /** Mails to people about their account: links to confirm a registration, reset a password, confirm an address. */
  accountMail: AccountMailer;
  /** Mails about mentoring sessions: confirmations, cancellations and reminders. */
  mentorshipMail: MentorshipMailer;
  /** Wakes the live rooms' waiting requests, on every worker and instance. */
  roomBus: RoomBus;
  /** The raw Node request and response: oidc-provider's interaction API works on them. */
  http: { req: IncomingMessage; res: ServerResponse };
}

export const servicesContext = createContext<RequestServices>();

/** The signed-in person (or null), set by the session middleware of the root route. */
export const userContext = createContext<{ user: SessionUser; session: SessionRow } | null>(null);
