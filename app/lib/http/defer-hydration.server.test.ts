import { describe, expect, it } from "vitest";
import { deferHydrationScripts } from "./defer-hydration.server.ts";

const page = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>',
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="n0nce"/><link rel="modulepreload" href="/assets/framework.js" nonce="n0nce"/>',
  "<title>Café | eLEARNING</title></head><body><main><h1>Bienvenue — ünïcödé</h1></main>",
  '<script nonce="n0nce">window.__reactRouterContext = {"a":1};</script>',
  '<script nonce="n0nce" type="module" async="">;\nimport * as route0 from "/assets/root.js";\nimport * as route1 from "/assets/about.js";\n',
  '  window.__reactRouterRouteModules = {"root":route0,"routes/public/about":route1};\n\nimport("/assets/entry.client.js");</script>',
  "</body></html>",
].join("");

/** Sends the page through the transform cut into pieces of `size` bytes, as a stream would. */
async function through(html: string, size: number): Promise<string> {
  const transform = deferHydrationScripts();
  const bytes = Buffer.from(html);
  const output: Buffer[] = [];
  transform.on("data", (chunk: Buffer) => output.push(Buffer.from(chunk)));
  const done = new Promise((resolve) => transform.on("end", resolve));
  for (let start = 0; start < bytes.length; start += size) transform.write(bytes.subarray(start, start + size));
  transform.end();
  await done;
  return Buffer.concat(output).toString();
}

describe("deferHydrationScripts", () => {
  it("drops the module preloads and imports the page's modules only after the load event", async () => {
    const html = await through(page, page.length);
    expect(html).not.toContain("modulepreload");
    const script = /<script nonce="n0nce" type="module" async="">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(script.indexOf('addEventListener("load"')).toBeLessThan(script.indexOf('import("/assets/root.js")'));
    expect(script).toContain('const [route0, route1] = await Promise.all([import("/assets/root.js"), import("/assets/about.js")]);');
    expect(script).not.toMatch(/import \* as/);
    expect(script).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/public/about":route1};');
    expect(script).toContain('import("/assets/entry.client.js");');
    // Everything else is left as it was.
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>');
    expect(html).toContain('<script nonce="n0nce">window.__reactRouterContext = {"a":1};</script>');
    expect(html).toContain("<h1>Bienvenue — ünïcödé</h1>");
  });

  it("gives the same page whatever pieces the stream comes in, characters split across pieces included", async () => {
    const whole = await through(page, page.length);
    for (const size of [1, 2, 3, 7, 16, 64, 100, 333]) expect(await through(page, size), `pieces of ${size} bytes`).toBe(whole);
  });

  it("passes on what arrives in one turn of the event loop as one piece, and what arrives later when it arrives", async () => {
    const transform = deferHydrationScripts();
    const pieces: string[] = [];
    transform.on("data", (chunk: Buffer) => pieces.push(chunk.toString()));
    const head = "<!DOCTYPE html><html><head><title>Pieces</title></head>";
    for (let start = 0; start < head.length; start += 8) transform.write(head.slice(start, start + 8));
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(pieces).toEqual([head]);
    transform.write("<body><p>Later</p>");
    transform.end("</body></html>");
    await new Promise((resolve) => transform.on("end", resolve));
    expect(pieces).toEqual([head, "<body><p>Later</p></body></html>"]);
  });

  it("leaves a page without a module script as it is", async () => {
    const plain = "<!DOCTYPE html><html><head><title>Plain</title></head><body><p>a < b and c > d</p></body></html>";
    expect(await through(plain, 5)).toBe(plain);
  });
});
