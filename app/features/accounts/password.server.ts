import { argon2, randomBytes, timingSafeEqual, type Argon2Parameters } from "node:crypto";
import { promisify } from "node:util";

const argon2Async = promisify(argon2);

/** OWASP's first recommendation for argon2id: 19 MiB, 2 passes, 1 lane. */
const current = { memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 };

async function derive(password: string, nonce: Buffer, params: typeof current) {
  const options: Argon2Parameters = { message: password, nonce, ...params };
  return argon2Async("argon2id", options);
}

/** A PHC string, `$argon2id$v=19$m=…,t=…,p=…$salt$hash`, so parameters can change later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, current);
  const { memory: m, passes: t, parallelism: p } = current;
  return `$argon2id$v=19$m=${m},t=${t},p=${p}$${salt.toString("base64url")}$${hash.toString("base64url")}`;
}

const phcPattern = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = phcPattern.exec(stored);
  if (!match) return false;
  const [, m, t, p, salt, hash] = match;
  const expected = Buffer.from(hash!, "base64url");
  const actual = await derive(password, Buffer.from(salt!, "base64url"), {
    memory: Number(m),
    passes: Number(t),
    parallelism: Number(p),
    tagLength: expected.length,
  });
  return timingSafeEqual(actual, expected);
}

/** A hash to check against when no account matches, so both cases take the same time. */
export const decoyPasswordHash = await hashPassword(randomBytes(16).toString("hex"));
