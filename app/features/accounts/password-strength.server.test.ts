import { describe, expect, it } from "vitest";
import { passwordWeakness } from "./password-strength.server.ts";

describe("passwordWeakness", () => {
  it.each(["password", "12345678", "aaaaaaaa", "qwertyuiop", "        ", "Password1", "iloveyou123"])(
    "refuses the common or patterned password %j and says why",
    async (password) => {
      expect(await passwordWeakness(password, [])).toMatch(/This password would be easy to guess\. Please choose a longer one/);
    },
  );

  it("refuses a password made of the person's own name", async () => {
    expect(await passwordWeakness("meenaraghavan", ["Meena Raghavan", "meena.r@example.com"])).not.toBeNull();
  });

  it.each(["a-long-password-1", "chennai-learner-2026", "library-card-42", "correct horse battery"])("accepts %j", async (password) => {
    expect(await passwordWeakness(password, ["Meena Raghavan", "meena.r@example.com"])).toBeNull();
  });
});
