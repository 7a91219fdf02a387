import { describe, expect, it } from "vitest";
import { fieldErrors } from "#app/lib/forms/field-errors.ts";
import { registerSchema, type RegisterField } from "./schemas.ts";

const valid = { name: "Meena", phone: "+91 44 2000 0000", email: "Meena@Example.com", password1: "12345678", password2: "12345678" };
const errorsFor = (form: Record<string, unknown>) => {
  const result = registerSchema.safeParse(form);
  return result.success ? {} : fieldErrors<RegisterField>(result.error);
};

describe("registerSchema", () => {
  it("accepts a valid form and normalises phone and email", () => {
    expect(registerSchema.parse(valid)).toMatchObject({ phone: "+914420000000", email: "meena@example.com" });
  });

  it("names every missing field", () => {
    expect(errorsFor({})).toEqual({
      name: "Please enter your name.",
      phone: "Please enter your phone number.",
      email: "Please enter your email address.",
      password1: "Please choose a password.",
      password2: "Please type your password again.",
    });
  });

  it.each([
    [{ phone: "044-CALL-NOW" }, "phone", /in digits/],
    [{ phone: "++91123456" }, "phone", /in digits/],
    [{ email: "meena@" }, "email", /valid email address/],
    [{ password1: "short", password2: "short" }, "password1", /at least 8 characters/],
    [{ password2: "87654321" }, "password2", /do not match/],
    [{ name: "x".repeat(101) }, "name", /under 100 characters/],
  ] as const)("refuses %j with a message on %s", (change, field, message) => {
    const errors = errorsFor({ ...valid, ...change });
    expect(Object.keys(errors)).toEqual([field]);
    expect(errors[field]).toMatch(message);
  });
});
