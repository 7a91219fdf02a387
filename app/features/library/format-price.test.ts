import { describe, expect, it } from "vitest";
import { formatPrice } from "./format-price.ts";

describe("formatPrice", () => {
  it("writes rupees with Indian grouping, paise only when there are any", () => {
    expect(formatPrice(1299, "INR")).toBe("₹1,299");
    expect(formatPrice(125000, "INR")).toBe("₹1,25,000");
    expect(formatPrice(99.5, "INR")).toBe("₹99.50");
  });
  it("writes any other currency as India reads it, and an unknown code as text", () => {
    expect(formatPrice(12.5, "USD")).toBe("$12.50");
    expect(formatPrice(10, "EUR")).toBe("€10");
    expect(formatPrice(10, "not a code")).toBe("not a code 10");
  });
});
