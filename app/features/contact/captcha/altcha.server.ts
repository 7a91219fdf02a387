import { randomBytes } from "node:crypto";
import { createChallenge, randomInt, verifySolution, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "#app/lib/db/schema.ts";
import { getOrCreateSecret } from "#app/lib/config/secrets.server.ts";
import { ALTCHA_FIELD } from "./settings.ts";
import type { CaptchaCheck, CaptchaVerifier } from "./verifier-types.ts";

/** How long a challenge may be solved and sent; signed into the challenge, so nobody can extend it. */
export const CHALLENGE_LIFETIME_MS = 10 * 60 * 1000;

/**
 * The work asked of a browser: find the counter (somewhere in this range) whose SHA-256 key
 * starts with the signed prefix. About a second in a phone's browser, well under one for a
 * script: it stops form-filling robots, not a determined sender (the per-address limit does more).
 */
const work = { algorithm: "SHA-256", cost: 1, counterMin: 20_000, counterMax: 80_000 } as const;

/**
 * One HMAC key for every instance, made once and kept in the database; read once per process
 * (it never changes), not on every challenge and check.
 */
const hmacKeys = new WeakMap<Kysely<Database>, Promise<string>>();
function hmacKey(db: Kysely<Database>): Promise<string> {
  let key = hmacKeys.get(db);
  if (!key) {
    key = getOrCreateSecret(db, "altcha.hmac-key", () => randomBytes(32).toString("base64url"));
    // A failed read (database down) is tried again next time, not kept.
    key.catch(() => hmacKeys.delete(db));
    hmacKeys.set(db, key);
  }
  return key;
}

/** A new signed challenge for the widget. `expiresAt` is for tests that need an expired one. */
export async function createAltchaChallenge(
  db: Kysely<Database>,
  { expiresAt = new Date(Date.now() + CHALLENGE_LIFETIME_MS) }: { expiresAt?: Date } = {},
): Promise<Challenge> {
  return createChallenge({
    algorithm: work.algorithm,
    cost: work.cost,
    counter: randomInt(work.counterMax, work.counterMin),
    deriveKey,
    expiresAt,
    hmacSignatureSecret: await hmacKey(db),
  });
}

// The widget posts base64 JSON of { challenge, solution }; anything else is not an answer.
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.looseObject({ expiresAt: z.number() }),
    signature: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string() }),
});

function decodePayload(field: string) {
  try {
    return payloadSchema.safeParse(JSON.parse(Buffer.from(field, "base64").toString("utf8"))).data;
  } catch {
    return undefined;
  }
}

export function altchaVerifier(db: Kysely<Database>): CaptchaVerifier {
  const answerOf = (formData: FormData) => {
    const value = formData.get(ALTCHA_FIELD);
    return typeof value === "string" && value.trim() ? value.trim() : null;
  };
  return {
    hasAnswer: (formData) => answerOf(formData) !== null,
    async verify(formData): Promise<CaptchaCheck> {
      const answer = answerOf(formData);
      if (!answer) return { ok: false, reason: "missing" };
      const payload = decodePayload(answer);
      if (!payload) return { ok: false, reason: "invalid" };
      const { challenge, solution } = payload;
      let result;
      try {
        result = await verifySolution({
          challenge: challenge as unknown as Challenge,
          solution,
          deriveKey,
          hmacSignatureSecret: await hmacKey(db),
        });
      } catch {
        // Malformed parameters (a nonce that is not hex…) make the library throw.
        return { ok: false, reason: "invalid" };
      }
      if (result.expired) return { ok: false, reason: "expired" };
      if (!result.verified) return { ok: false, reason: "invalid" };
      return {
        ok: true,
        // The signature is unique to the challenge: one message per solved challenge.
        singleUse: { key: `altcha:${challenge.signature}`, expiresAt: new Date(challenge.parameters.expiresAt * 1000).toISOString() },
      };
    },
  };
}
