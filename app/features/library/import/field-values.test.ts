import { describe, expect, it } from "vitest";
import { derivedSourceId, moneyAmount, splitList, wholeNumber, yearIn } from "./field-values.ts";
import { languageCode } from "./language-codes.ts";

describe("the importers' field conversions", () => {
  it("reads amounts of money as people type them, with the currency they name", () => {
    expect(moneyAmount("450", "price").value).toEqual({ amount: 450 });
    expect(moneyAmount("1,25,000.50", "price").value).toEqual({ amount: 125000.5 });
    expect(moneyAmount("₹ 450", "price").value).toEqual({ amount: 450, currency: "INR" });
    expect(moneyAmount("Rs. 450.00", "price").value).toEqual({ amount: 450, currency: "INR" });
    expect(moneyAmount("£12.99", "price").value).toEqual({ amount: 12.99, currency: "GBP" });
    expect(moneyAmount("", "price")).toEqual({ value: undefined });
    for (const bad of ["abc", "-5", "12.345", "4 50"])
      expect(moneyAmount(bad, "price").problem).toBe(`price ${JSON.stringify(bad)} is not an amount of money`);
  });

  it("refuses anything but digits where a whole number belongs", () => {
    expect(wholeNumber(" 272 ", "pages").value).toBe(272);
    for (const bad of ["272 p.", "1e3", "-1", "2.5"]) expect(wholeNumber(bad, "pages").problem).toMatch(/is not a whole number/);
  });

  it("splits lists on ; or |, dropping blanks and repeats", () => {
    expect(splitList(" Java;  Databases ;; java | SQL ")).toEqual(["Java", "Databases", "SQL"]);
    expect(splitList(undefined)).toEqual([]);
  });

  it("finds a year in catalogue dates", () => {
    expect(["c1988.", "[2019]", "©2020", "2021-2022"].map(yearIn)).toEqual([1988, 2019, 2020, 2021]);
    expect(yearIn("n.d.")).toBeUndefined();
  });

  it("keys a row without ISBN or id by title, first author and year, ignoring case, accents and punctuation", () => {
    expect(derivedSourceId("Les Misérables!", "Hugo, Victor", 1862)).toBe("les-miserables|hugo-victor|1862");
    expect(derivedSourceId("LES MISERABLES", "hugo victor", 1862)).toBe(derivedSourceId("Les Misérables", "Hugo, Victor", 1862));
    expect(derivedSourceId("x".repeat(300), undefined, undefined)).toHaveLength(200);
  });

  it("maps language codes and names to ISO 639-1 and leaves others alone", () => {
    expect(["eng", "EN", "English", "tam", "fre", "ger"].map(languageCode)).toEqual(["en", "en", "en", "ta", "fr", "de"]);
    expect(languageCode("kok")).toBe("kok");
    expect(["und", "mul", "", "   ", undefined].map(languageCode)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });
});
