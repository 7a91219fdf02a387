import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, openTestDatabase } from "#tests/setup/databases.ts";
import { raiseContentVersion, readContentVersions } from "./content-versions.server.ts";
import { versionedSnapshot } from "./versioned-snapshot.server.ts";

describe.each(engines)("a versioned snapshot on %s", (engine) => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    handle = await openTestDatabase(engine);
  });
  afterAll(() => handle?.close());

  const knownAt = (version: number) => (topic: string) => (topic === "mentors" ? version : undefined);
  const versionNow = async () => (await readContentVersions(handle.db)).get("mentors") ?? 0;

  it("serves what it keeps for a version known to be current, and reads again for a newer one or none", async () => {
    let loads = 0;
    const snapshot = versionedSnapshot("mentors", async () => ++loads);
    await raiseContentVersion(handle.db, "mentors");
    const first = await versionNow();

    expect(await snapshot(handle.db)).toBe(1);
    // Known as current by the caller: no read, no load.
    expect(await snapshot(handle.db, knownAt(first))).toBe(1);
    expect(await snapshot(handle.db, knownAt(first - 1))).toBe(1);
    // Another topic's version says nothing of this one's: read.
    expect(await snapshot(handle.db, (topic) => (topic === "mentors" ? undefined : first + 5))).toBe(1);
    expect(loads).toBe(1);

    await raiseContentVersion(handle.db, "mentors");
    // A caller that has not seen the change yet gets what it knew; a caller that has, or knows no version, the new content.
    expect(await snapshot(handle.db, knownAt(first))).toBe(1);
    expect(await snapshot(handle.db, knownAt(first + 1))).toBe(2);
    expect(await snapshot(handle.db, (topic) => (topic === "mentors" ? undefined : first))).toBe(2);
    await raiseContentVersion(handle.db, "mentors");
    expect(await snapshot(handle.db)).toBe(3);
    expect(loads).toBe(3);
  });
});
