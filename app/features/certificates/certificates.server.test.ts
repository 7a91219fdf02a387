import { describe, expect, it } from "vitest";
import { hasRealName, isCertificateId, newCertificateId } from "./certificates.server.ts";

describe("a certificate's holder", () => {
  it.each([
    [{ sub: "abc", name: "Meera Krishnan", email: "meera@example.com" }, true],
    [{ sub: "abc", name: "மீரா", email: null }, true],
    // What sign-in stores when the provider sent no name: the address or the id, never to be shown.
    [{ sub: "abc", name: "meera@example.com", email: "meera@example.com" }, false],
    [{ sub: "abc", name: "abc", email: null }, false],
    [{ sub: "abc", name: "someone@elsewhere.example", email: null }, false],
    [{ sub: "abc", name: "   ", email: null }, false],
  ])("%j: a real name %s", (user, real) => {
    expect(hasRealName(user)).toBe(real);
  });
});

describe("a certificate's id", () => {
  it("is 32 letters and digits of base32, different each time", () => {
    const ids = Array.from({ length: 200 }, newCertificateId);
    for (const id of ids) expect(isCertificateId(id)).toBe(true);
    expect(new Set(ids).size).toBe(200);
  });
});
