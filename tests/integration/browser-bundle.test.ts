import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// Schemas (zod) are for the server: pages' browser code reads limits and checks from zod-free
// modules (docs/decisions/012-zod-kept-out-of-the-browser.md). One import of a schema module from
// a page's code would ship zod to the browser, to every page when it lands in the shared chunk.

const assets = new URL("../../build/client/assets/", import.meta.url);

describe("the browser's scripts (the build)", () => {
  it("carry no zod", () => {
    const scripts = readdirSync(assets).filter((name) => name.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    // Texts of zod's own that survive minification: its error class and an issue code.
    const withZod = scripts.filter((name) => /ZodError|invalid_type/.test(readFileSync(new URL(name, assets), "utf8")));
    expect(withZod).toEqual([]);
  });
});
