// The STUN and TURN servers a live room's browsers use to reach each other (TURN_URLS). TURN needs
// credentials: made here from TURN_SECRET as coturn's "use-auth-secret" mode checks them (the
// username is the expiry time and who it is for, the password its HMAC-SHA1 under the secret), so
// they stop working after a few hours and the secret never reaches a browser.
import { createHmac } from "node:crypto";
import type { Config } from "#app/lib/config/env.server.ts";

/** Long enough for a session and its overrun; a page joining later asks for new ones. */
export const TURN_CREDENTIAL_HOURS = 4;

export interface IceServer {
  urls: string[];
  username?: string;
  credential?: string;
}

/** The credentials coturn accepts for `who` until `now` + TURN_CREDENTIAL_HOURS. */
export function turnCredentials(secret: string, who: string, now = new Date()) {
  const expires = Math.floor(now.getTime() / 1000) + TURN_CREDENTIAL_HOURS * 60 * 60;
  const username = `${expires}:${who}`;
  return { username, credential: createHmac("sha1", secret).update(username).digest("base64") };
}

/** The servers a room's page is given: STUN as configured, TURN with credentials of its own. None: peers on one network reach each other directly. */
export function iceServersFor(config: Pick<Config, "TURN_URLS" | "TURN_SECRET">, who: string, now = new Date()): IceServer[] {
  const stun = config.TURN_URLS.filter((url) => url.startsWith("stun:"));
  const turn = config.TURN_URLS.filter((url) => url.startsWith("turn"));
  return [
    ...(stun.length ? [{ urls: stun }] : []),
    ...(turn.length && config.TURN_SECRET ? [{ urls: turn, ...turnCredentials(config.TURN_SECRET, who, now) }] : []),
  ];
}
