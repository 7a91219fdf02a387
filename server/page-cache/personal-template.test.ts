import { gunzipSync } from "node:zlib";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import type { PersonalPart, SlotRecord } from "#app/lib/personal/personal-slot.tsx";
import { personalDataElementId } from "#app/lib/personal/personal-data.ts";
import { sharedValue } from "#app/lib/personal/shared-values.server.ts";
import { filledPage, personalParts, personalTemplate, type PersonalTemplate } from "./personal-template.ts";

type Person = { name: string } | null;
const Greeting = ({ person }: { person: Person }) =>
  createElement("p", null, person ? `Grüße, ${person.name} — schön, dass du zurück bist` : "Grüße, Besucher — willkommen");

const greeting: SlotRecord = {
  id: "greeting",
  tag: "div",
  part: Greeting as PersonalPart<never, never>,
  props: {},
  data: "account",
  person: null,
};

describe("a kept page cut around its personal slots", () => {
  it("fills in a person's parts byte for byte where characters take several bytes, before, in and after the slot", async () => {
    const visitor = "<p>Grüße, Besucher — willkommen</p>";
    const html = `<!doctype html><html><body><h1>Kurs für Anfänger — ☕ Java</h1><div data-personal="greeting">${visitor}</div><p>Lektion ✓ 𝄞</p></body></html>`;
    const bytes = Buffer.from(html, "utf8");
    const template = personalTemplate(html, bytes, [greeting], "/courses/java") as PersonalTemplate;
    expect("problem" in template).toBe(false);
    // Views of the page's own bytes, not a copy of them.
    expect(template.pieces.every((piece) => piece.buffer === bytes.buffer)).toBe(true);

    const zoe = { name: "Zoë" };
    const parts = personalParts(template, { account: zoe }, "/courses/java")!;
    const expected = html
      .replace(visitor, "<p>Grüße, Zoë — schön, dass du zurück bist</p>")
      .replace("</body>", `<script type="application/json" id="${personalDataElementId}">{"account":{"name":"Zoë"}}</script></body>`);
    expect(filledPage(template, parts, undefined).toString("utf8")).toBe(expected);
    expect(gunzipSync(filledPage(template, parts, "gzip")).toString("utf8")).toBe(expected);
  });

  it("keeps a person's parts only for data that is all shared, by page, address and those values", () => {
    const html = `<!doctype html><html><body><div data-personal="greeting"><p>Grüße, Besucher — willkommen</p></div></body></html>`;
    const template = personalTemplate(html, Buffer.from(html, "utf8"), [greeting], "/courses/java") as PersonalTemplate;
    const asha = sharedValue({ name: "Asha" });
    const ravi = sharedValue({ name: "Ravi" });

    const first = personalParts(template, { account: asha }, "/courses/java")!;
    expect(personalParts(template, { account: asha }, "/courses/java")).toBe(first);
    // Another person, another address or another page: parts of their own.
    const forRavi = personalParts(template, { account: ravi }, "/courses/java")!;
    expect(forRavi.join("")).toContain("Ravi");
    expect(forRavi.join("")).not.toContain("Asha");
    expect(personalParts(template, { account: asha }, "/courses/java?lesson=2")).not.toBe(first);
    const sameHtml = personalTemplate(html, Buffer.from(html, "utf8"), [greeting], "/courses/java") as PersonalTemplate;
    expect(personalParts(sameHtml, { account: asha }, "/courses/java")).not.toBe(first);
    // Data not shared may change between requests: never kept.
    const unshared = { name: "Meena" };
    const once = personalParts(template, { account: unshared }, "/courses/java")!;
    unshared.name = "Meena K";
    expect(personalParts(template, { account: unshared }, "/courses/java")!.join("")).toContain("Meena K");
    expect(once.join("")).not.toContain("Meena K");
  });
});
