import { describe, expect, it } from "vitest";
import { firstUnstorableLine, hasVisibleCharacter, isStorableText } from "./text.ts";
import { optionalTextSchema, requiredTextSchema } from "./text-schemas.ts";

describe("typed text", () => {
  it("counts only characters that draw something as visible", () => {
    const invisibleOnly = [
      "",
      "   ",
      "\u200B\u200C\u200D\u2060",
      "\u202E\u202D\u2066\u2069\u200E\u200F",
      "\uFEFF\u00AD\u034F",
      "\u3164\u115F\u1160\uFFA0",
      "\uFE0F\u{E0041}",
      "\u2800",
      "\t\n\u00A0\u3000",
    ];
    for (const value of invisibleOnly) expect(hasVisibleCharacter(value), JSON.stringify(value)).toBe(false);
    for (const value of ["a", "\u200BMeena\u200B", "\u0BAE\u0BC0\u0BA9\u0BBE", "❤️", "👩‍💻", "·"]) {
      expect(hasVisibleCharacter(value), value).toBe(true);
    }
  });

  it("refuses what a database would refuse or change: NUL and lone surrogate halves", () => {
    expect(isStorableText("Meena")).toBe(true);
    expect(isStorableText("😀")).toBe(true);
    expect(isStorableText("a\u0000b")).toBe(false);
    expect(isStorableText("a\uD83Db")).toBe(false);
    expect(isStorableText("\uDE00")).toBe(false);
  });

  it("names the first line of a file that holds such a character", () => {
    expect(firstUnstorableLine("WEBVTT\r\n\r\nfine\nnot\u0000 fine\rnor\u0000 this")).toBe(4);
    expect(firstUnstorableLine("all\nfine 😀")).toBeNull();
  });

  const name = requiredTextSchema({ label: "Your name", required: "Please enter your name.", max: 10 });

  it("answers a required field of invisible characters as empty, and keeps visible text trimmed", () => {
    expect(name.safeParse("\u200B\u202E ").error?.issues[0]?.message).toBe("Please enter your name.");
    expect(name.safeParse("  Meena ").data).toBe("Meena");
    expect(name.safeParse("Meena\u0000").error?.issues[0]?.message).toMatch(/cannot be stored/);
    expect(name.safeParse("Meenakshi Sundaram").error?.issues[0]?.message).toBe("Your name can have at most 10 characters.");
  });

  it("says a value is too long in the form's own words when it has them", () => {
    const search = requiredTextSchema({ label: "Your search", required: "Type a word.", max: 3, tooLong: "Shorten your search." });
    expect(search.safeParse("java").error?.issues[0]?.message).toBe("Shorten your search.");
  });

  it("answers a value that is not text with the field's own message", () => {
    for (const value of [{}, [], 5, null, undefined, ["Meena"]]) {
      expect(name.safeParse(value).error?.issues[0]?.message).toBe("Please enter your name.");
    }
  });

  it("stores optional text of invisible characters as nothing", () => {
    const alt = optionalTextSchema({ label: "The description", max: 20, notText: "The description must be text." });
    expect(alt.safeParse("\u200B\u2060").data).toBe("");
    expect(alt.safeParse(" A lake ").data).toBe("A lake");
    expect(alt.safeParse({}).error?.issues[0]?.message).toBe("The description must be text.");
    expect(alt.safeParse("\uD800").error?.issues[0]?.message).toMatch(/cannot be stored/);
  });
});
