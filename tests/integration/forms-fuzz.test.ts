import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { solvedCaptcha } from "../setup/captcha.ts";
import { engines } from "../setup/databases.ts";
import { siteForTests } from "../setup/server.ts";

// Whatever arrives at the public forms, the server never answers 5xx, and what it stores is
// exactly what it acknowledged.

/** Text a form may carry: ordinary words, markup, very long text, odd Unicode, or nothing. */
const fieldText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "grapheme", maxLength: 100 }),
  fc.constantFrom(
    "",
    "   ",
    "<script>alert(1)</script>",
    "javascript:alert(1)",
    "https://example.com/a.png",
    "http://x",
    "\u0000",
    "Good\u0000course",
    "\uD800",
    "Broken \uDFFF half",
    "\u200B\u202E\u3164",
    "💥".repeat(900),
    "x".repeat(2100),
  ),
);
const rating = fc.oneof(
  fc.constantFrom("1", "2", "3", "4", "5", "0", "6", "3.5", "", "abc", " 4 "),
  fc.integer({ min: -3, max: 9 }).map(String),
);
const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
/** What a JSON client may send where text is expected; a form sends it spelled out. */
const notText = fc.constantFrom<unknown>({}, [], ["Meena"], 5, 1e308, null, true, { toString: 1 }, { valueOf: {}, toString: {} });

/** Mostly sensible text, sometimes anything: enough valid posts get through to count them. */
const mostlyValid = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom("Meena", "A clear course", "Good\u0000course") },
  { weight: 2, arbitrary: fieldText },
);
const randomFeedbackPost = fc.record({
  name: optional(fc.oneof(mostlyValid, notText)),
  comment: optional(fc.oneof(mostlyValid, notText)),
  image: optional(fc.oneof(fieldText, notText)),
  rating: optional(fc.oneof(rating, notText)),
  website_url: optional(fc.constantFrom("", "http://spam.example")),
  asJson: fc.boolean(),
});
const goodFeedbackPost = fc.record({
  name: fc.constantFrom("Meena", " Arun "),
  comment: fc.string({ minLength: 1, maxLength: 300 }).filter((text) => text.trim() !== "" && !text.includes("\u0000")),
  image: fc.constantFrom(undefined, "", "https://example.com/me.png"),
  rating: fc.constantFrom("1", "5", " 3 "),
  website_url: fc.constant(undefined),
  asJson: fc.boolean(),
});
const feedbackPost = fc.oneof(goodFeedbackPost, randomFeedbackPost);

const randomContactPost = fc.record({
  name: optional(mostlyValid),
  email: optional(fc.oneof(fc.constantFrom("meena@example.com", "MEENA@Example.com ", "not-an-email", "a@b", ""), fieldText)),
  phone: optional(fc.oneof(fc.constantFrom("+91 98400 12345", "9840012345", "12", "phone", "+", ""), fieldText)),
  message: optional(fc.oneof(mostlyValid, fc.constant("m".repeat(5001)))),
  website_url: optional(fc.constantFrom("", "http://spam.example")),
  captcha: fc.constantFrom("solved", "solved", "solved", "missing", "garbage"),
});
/** Well-formed messages in odd spellings, so that acknowledged ones are not rare. */
const goodContactPost = fc.record({
  name: fc.constantFrom("Meena", "  Arun Kumar ", "Ñandú <b>", "Nul\u0000Name"),
  email: fc.constantFrom("meena@example.com", "MEENA@Example.com "),
  phone: fc.constantFrom("+91 98400 12345", "9840012345"),
  message: fc.option(fc.string({ maxLength: 200 }), { nil: undefined }),
  website_url: fc.constant(undefined),
  captcha: fc.constant("solved" as const),
});
const contactPost = fc.oneof(goodContactPost, randomContactPost);

describe.each(engines)("the feedback form under random input on %s", (engine) => {
  const site = siteForTests({ TRUST_PROXY: "1" }, engine);

  it("never answers 5xx, and stores exactly the posts it acknowledged", async () => {
    let acknowledged = 0;
    let run = 0;
    await fc.assert(
      fc.asyncProperty(feedbackPost, async ({ asJson, ...fields }) => {
        run += 1;
        const present = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
        // An address per run: the per-address limit is tested elsewhere.
        const headers: Record<string, string> = { "X-Forwarded-For": `10.${run >> 8}.${run & 255}.9` };
        const { rating: given } = present;
        const spelled = Object.fromEntries(
          Object.entries(present).map(([name, value]) => [name, typeof value === "string" ? value : JSON.stringify(value)]),
        );
        const body = asJson
          ? JSON.stringify({ ...present, rating: typeof given === "string" && !Number.isNaN(Number(given)) ? Number(given) : given })
          : new URLSearchParams(spelled).toString();
        headers["Content-Type"] = asJson ? "application/json" : "application/x-www-form-urlencoded";
        const response = await fetch(`${site.server.url}/feedback/new`, { method: "POST", headers, body, redirect: "manual" });
        const text = await response.text();
        expect(response.status).toBeLessThan(500);
        if (response.status === 201 || response.status === 303) acknowledged += 1;
        else expect(response.status).toBe(400);
        // A JSON client is told which of its fields were not text.
        if (asJson && response.status === 400 && !("website_url" in present)) {
          const { errors } = JSON.parse(text) as { errors: Record<string, string> };
          for (const field of ["name", "comment"] as const) {
            if (field in present && typeof present[field] !== "string") expect(errors[field], field).toBeDefined();
          }
        }
      }),
      { numRuns: 150 },
    );
    const stored = await site.db
      .selectFrom("feedback_posts")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(acknowledged);
    // Valid and invalid input both came up.
    expect(acknowledged).toBeGreaterThan(0);
    expect(acknowledged).toBeLessThan(150);
  });
});

describe.each(engines)("the contact form under random input on %s", (engine) => {
  const site = siteForTests({ TRUST_PROXY: "1" }, engine);

  it("never answers 5xx, and stores exactly the messages it acknowledged", async () => {
    let acknowledged = 0;
    let run = 0;
    const runs = 60;
    await fc.assert(
      fc.asyncProperty(contactPost, async ({ captcha, ...fields }) => {
        run += 1;
        const present = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Record<string, string>;
        if (captcha === "solved") present.altcha = await solvedCaptcha(site.server.url);
        if (captcha === "garbage") present.altcha = "eyJub3QiOiJhIHNvbHV0aW9uIn0=";
        const response = await fetch(`${site.server.url}/contact`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": `10.200.${run >> 8}.${run & 255}` },
          body: new URLSearchParams(present),
          redirect: "manual",
        });
        await response.arrayBuffer();
        expect(response.status).toBeLessThan(500);
        if (response.status === 303) acknowledged += 1;
        else expect(response.status).toBe(400);
      }),
      { numRuns: runs },
    );
    const stored = await site.db
      .selectFrom("contact_messages")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(acknowledged);
    expect(acknowledged).toBeGreaterThan(0);
    expect(acknowledged).toBeLessThan(runs);
  });
});
