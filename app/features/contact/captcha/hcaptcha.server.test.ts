import { createServer, type Server } from "node:http";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hcaptchaVerifier } from "./hcaptcha.server.ts";
import type { CaptchaVerifier } from "./verifier-types.ts";

/** Stands in for hCaptcha's siteverify on this machine: records each request and answers as told. */
async function startSiteverifyStandIn() {
  const requests: Array<{ method: string; contentType: string; form: URLSearchParams }> = [];
  let answer: (res: import("node:http").ServerResponse) => void = (res) => res.end();
  const server: Server = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    requests.push({ method: req.method!, contentType: req.headers["content-type"] ?? "", form: new URLSearchParams(body) });
    answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const json = (status: number, body: unknown) => (res: import("node:http").ServerResponse) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/siteverify`,
    requests,
    answerJson: (status: number, body: unknown) => (answer = json(status, body)),
    answerWith: (respond: typeof answer) => (answer = respond),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("the hCaptcha adapter", () => {
  let standIn: Awaited<ReturnType<typeof startSiteverifyStandIn>>;
  let verifier: CaptchaVerifier;
  /** What the adapter logged, as JSON lines. */
  const logged: string[] = [];

  beforeAll(async () => {
    standIn = await startSiteverifyStandIn();
    const logger = pino({ level: "warn" }, { write: (line: string) => logged.push(line) });
    verifier = hcaptchaVerifier({ secret: "0xsecret", siteKey: "site-key-1" }, standIn.url, logger);
  });
  afterAll(() => standIn?.close());
  beforeEach(() => {
    standIn.requests.length = 0;
    logged.length = 0;
  });

  it("asks siteverify with the secret, the answer, the site key and the person's address, and accepts its yes", async () => {
    standIn.answerJson(200, { success: true, hostname: "learn.college.example" });
    const answer = form({ "h-captcha-response": " P1_token " });
    expect(verifier.hasAnswer(answer)).toBe(true);
    expect(await verifier.verify(answer, "203.0.113.9")).toEqual({ ok: true });
    expect(standIn.requests).toHaveLength(1);
    const [request] = standIn.requests;
    expect(request!.method).toBe("POST");
    expect(request!.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(request!.form)).toEqual({
      secret: "0xsecret",
      response: "P1_token",
      sitekey: "site-key-1",
      remoteip: "203.0.113.9",
    });
  });

  it("refuses a post without an answer without asking hCaptcha", async () => {
    for (const fields of [{}, { "h-captcha-response": "  " }, { altcha: "an ALTCHA answer is not hCaptcha's" }] as Array<
      Record<string, string>
    >) {
      expect(verifier.hasAnswer(form(fields))).toBe(false);
      expect(await verifier.verify(form(fields), "203.0.113.9")).toEqual({ ok: false, reason: "missing" });
    }
    expect(standIn.requests).toHaveLength(0);
  });

  it.each([
    [["invalid-input-response"], "invalid"],
    [["invalid-or-already-seen-response"], "invalid"],
    [["already-seen-response"], "replayed"],
    [["expired-input-response"], "expired"],
    [["missing-input-response"], "missing"],
    [[], "invalid"],
  ])("refuses an answer hCaptcha calls %j as %s", async (codes, reason) => {
    standIn.answerJson(200, { success: false, "error-codes": codes });
    expect(await verifier.verify(form({ "h-captcha-response": "P1_token" }), "203.0.113.9")).toEqual({ ok: false, reason });
  });

  it("calls a refusal of the site's own keys unavailable, and logs it without the secret", async () => {
    standIn.answerJson(200, { success: false, "error-codes": ["sitekey-secret-mismatch"] });
    expect(await verifier.verify(form({ "h-captcha-response": "P1_token" }), "203.0.113.9")).toEqual({ ok: false, reason: "unavailable" });
    expect(logged.map((line) => JSON.parse(line))).toMatchObject([
      { errorCodes: ["sitekey-secret-mismatch"], msg: "hCaptcha refused the site's verification request" },
    ]);
    expect(logged.join("")).not.toContain("0xsecret");
  });

  it("calls hCaptcha unavailable when it answers with an error or not JSON", async () => {
    standIn.answerJson(500, { error: "down" });
    expect(await verifier.verify(form({ "h-captcha-response": "P1_token" }), "203.0.113.9")).toEqual({ ok: false, reason: "unavailable" });
    standIn.answerWith((res) => res.end("<html>maintenance</html>"));
    expect(await verifier.verify(form({ "h-captcha-response": "P1_token" }), "203.0.113.9")).toEqual({ ok: false, reason: "unavailable" });
  });

  it("gives up on a siteverify that does not answer within 5 seconds", async () => {
    standIn.answerWith(() => {}); // never answers
    expect(await verifier.verify(form({ "h-captcha-response": "P1_token" }), "203.0.113.9")).toEqual({ ok: false, reason: "unavailable" });
    expect(logged.join("")).toContain("hCaptcha could not be reached");
    expect(logged.join("")).not.toContain("0xsecret");
  });

  it("leaves out an unknown client address", async () => {
    standIn.answerJson(200, { success: true });
    await verifier.verify(form({ "h-captcha-response": "P1_token" }), "unknown");
    expect(standIn.requests[0]!.form.has("remoteip")).toBe(false);
  });
});
