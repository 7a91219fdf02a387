import { describe, expect, it } from "vitest";
import { PageStore } from "./page-store.ts";
import type { StoredPage } from "./stored-page.ts";

/** A stored page of `bytes` bytes, varying by Accept when `accept` is given. */
function page(bytes: number, accept?: string): StoredPage {
  const body = Buffer.alloc(bytes);
  return {
    stamp: "",
    topics: [],
    contentType: "text/html",
    vary: accept === undefined ? [] : ["accept"],
    varyValues: accept === undefined ? [] : [accept],
    scriptSources: "",
    bodies: {
      identity: { bytes: body, etag: '"i"' },
      br: { bytes: Buffer.alloc(0), etag: '"b"' },
      gzip: { bytes: Buffer.alloc(0), etag: '"g"' },
    },
    bytes,
    brotliReady: () => Promise.resolve(),
  };
}

describe("PageStore", () => {
  it("keeps its pages within its bytes, pushing out the least recently asked for first", () => {
    const store = new PageStore(300);
    store.put("/a", page(100));
    store.put("/b", page(100));
    store.put("/c", page(100));
    // Asking for /a makes /b the oldest.
    expect(store.find("/a", {})).toBeDefined();
    store.put("/d", page(100));
    expect(store.has("/b")).toBe(false);
    expect(["/a", "/c", "/d"].map((address) => store.has(address))).toEqual([true, true, true]);
  });

  it("stores nothing bigger than all its room, and replaces a page stored again instead of adding it", () => {
    const store = new PageStore(250);
    store.put("/huge", page(251));
    expect(store.has("/huge")).toBe(false);
    store.put("/a", page(100));
    store.put("/a", page(100));
    store.put("/b", page(100));
    // Counted once: both still fit.
    expect(store.has("/a") && store.has("/b")).toBe(true);
  });

  it("finds the variant whose request headers match, and keeps at most four per address", () => {
    const store = new PageStore(10_000);
    for (const accept of ["a", "b", "c", "d", "e"]) store.put("/wall", page(10, accept));
    expect(store.find("/wall", { accept: "e" })?.varyValues).toEqual(["e"]);
    expect(store.find("/wall", { accept: "b" })?.varyValues).toEqual(["b"]);
    expect(store.find("/wall", { accept: "a" })).toBeUndefined();
    expect(store.find("/wall", {})).toBeUndefined();
  });
});
