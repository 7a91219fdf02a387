import { describe, expect, it } from "vitest";
import { collegeDay } from "./college-time.ts";

describe("the college's day of a stored time", () => {
  it("is the day in India, not in UTC: 20:00 UTC is already the next day there", () => {
    expect(collegeDay("2026-11-26T20:00:00.000Z")).toBe("2026-11-27");
    expect(collegeDay("2026-11-26T18:29:59.000Z")).toBe("2026-11-26");
    expect(collegeDay("2026-12-31T18:30:00.000Z")).toBe("2027-01-01");
  });
});
