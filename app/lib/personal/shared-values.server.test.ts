import { describe, expect, it } from "vitest";
import { scriptSafeJson, scriptSafeJsonOfRecord, sharedValue } from "./shared-values.server.ts";

describe("personal data shared by requests", () => {
  it("is frozen through and through once shared, so no request can change what another is sent", () => {
    const view = sharedValue({ finished: [1, 2], positions: { 3: 40 }, note: { text: "x" } });
    expect(Object.isFrozen(view) && Object.isFrozen(view.finished) && Object.isFrozen(view.positions) && Object.isFrozen(view.note)).toBe(
      true,
    );
    expect(() => (view.finished as number[]).push(3)).toThrow(TypeError);
  });

  it("is written as JSON that no text in it can end a script element with, shared or not", () => {
    const text = "</script><script>alert(1)</script><!--";
    for (const value of [sharedValue({ title: text }), { title: text }]) {
      const json = scriptSafeJson(value)!;
      expect(json).not.toContain("<");
      expect(JSON.parse(json)).toEqual({ title: text });
    }
    expect(scriptSafeJson(undefined)).toBeUndefined();
    expect(scriptSafeJson(null)).toBe("null");
  });

  it("writes a record of them as JSON.stringify would, undefined members left out", () => {
    const record = {
      account: { name: "Asha <3" },
      "course-progress": sharedValue({ finished: [2], rating: null }),
      gone: undefined,
      "<name>": 1,
    };
    const json = scriptSafeJsonOfRecord(record);
    expect(json).not.toContain("<");
    expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(record)));
    expect(Object.keys(JSON.parse(json))).toEqual(["account", "course-progress", "<name>"]);
  });
});
