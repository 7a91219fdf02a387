import type { NextFunction, Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { LeftWhileWaiting } from "../middleware/render-queue.ts";
import { signedInPages } from "./signed-in-pages.ts";

/** The handler with a person signed in and a kept page that must be rendered first, which fails with `failure`. */
async function whenTheKeptPageFails(failure: Error): Promise<unknown[]> {
  const handler = signedInPages({
    personalData: () => ["account"],
    personOf: async () => ({ sub: "asha", name: "Asha", email: null, picture: null, role: "student" }),
    loadPersonal: async () => ({ data: { account: { name: "Asha" } }, sharedAddress: "/" }),
    sharedPage: async () => {
      throw failure;
    },
    knownVersions: () => undefined,
    renderSignedOut: async () => new Response(""),
    setPageHeaders: () => {},
  });
  const calls: unknown[] = [];
  const req = { method: "GET", headers: { cookie: "sid=x" }, path: "/", originalUrl: "/" } as unknown as Request;
  await handler(req, {} as Response, ((error?: unknown) => calls.push(error ?? "next")) as NextFunction);
  return calls;
}

describe("signed-in pages", () => {
  it("pass a failure on to the error handler, but not a visitor who left while the kept page waited its turn to render", async () => {
    const broken = new Error("the database is gone");
    expect(await whenTheKeptPageFails(broken)).toEqual([broken]);
    expect(await whenTheKeptPageFails(new LeftWhileWaiting())).toEqual([]);
  });
});
