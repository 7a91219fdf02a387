import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { expect } from "vitest";

/** The payload the ALTCHA widget puts in the form's `altcha` field once it has solved `challenge`. */
export async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("the challenge could not be solved");
  return Buffer.from(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  ).toString("base64");
}

/** Does what the widget does: fetches a challenge from the site and solves it. */
export async function solvedCaptcha(siteUrl: string): Promise<string> {
  const response = await fetch(`${siteUrl}/contact/captcha-challenge`);
  expect(response.status).toBe(200);
  return solve((await response.json()) as Challenge);
}
