import { createHash, generateKeyPairSync } from "node:crypto";
import * as Ed25519Multikey from "@digitalbazaar/ed25519-multikey";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import { questionsByQuiz } from "#app/content/seeds/quiz-questions/index.server.ts";
import { assignRole } from "#app/features/auth/roles.server.ts";
import { registerIn } from "../setup/accounts.ts";
import { verifyOffline, type OpenBadge } from "../setup/open-badges.ts";
import { engines } from "../setup/databases.ts";
import { visibleText } from "../setup/html.ts";
import { TestBrowser } from "../setup/http-client.ts";
import { siteForTests } from "../setup/server.ts";

const fullstack = questionsByQuiz.fullstack!;

/** A PDF as Mozilla's pdf.js reads it: its pages and the text of each, its metadata. */
async function readPdf(bytes: ArrayBuffer) {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  const { info } = await pdf.getMetadata();
  await pdf.cleanup();
  return { pages, info: info as Record<string, unknown> };
}
/** The full-stack quiz's sheet with the first `right` answers right and the others blank. */
const sheetWith = (right: number) => ({
  current: fullstack.at(-1)!.id,
  ...Object.fromEntries(
    fullstack.map((question, index) => [`q.${question.id}`, index < right ? String(question.options.indexOf(question.answer)) : ""]),
  ),
});

describe.each(engines)("certificates of completion on %s", (engine) => {
  const { privateKey: signingKey, publicKey } = generateKeyPairSync("ed25519");
  let people = 0;
  const site = siteForTests(
    { TRUST_PROXY: "1", CREDENTIAL_SIGNING_KEY: signingKey.export({ type: "pkcs8", format: "pem" }).toString() },
    engine,
  );

  async function person(name: string, role?: "admin") {
    people += 1;
    const email = `certificates-${people}-${process.pid}@example.com`;
    if (role) await assignRole(site.db, email, role);
    const browser = new TestBrowser(site.server.url, `198.51.100.${people}`);
    await registerIn(browser, email, name);
    return { browser, email };
  }
  const certificateRows = () => site.db.selectFrom("certificates").selectAll().execute();
  const auditLines = (id: string) =>
    site.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "certificate.revoke")
      .where("subject", "=", `certificate:${id}`)
      .execute();

  it("issues one once every lesson is finished and the course's quiz passed at its mark, and shows it on the profile", async () => {
    const { browser, email } = await person("Meera Krishnan");
    // The HTML course: one lesson, and the full-stack quiz at 60 % (9 of its 15 questions).
    expect((await browser.postForm("/test/fullstack", sheetWith(15))).status).toBe(200);
    expect(await certificateRows()).toEqual([]);
    // The lesson finished, and the quiz passed again, at once from several tabs: one certificate, every post answered.
    const answers = await Promise.all([
      browser.postForm("/progress", { course: "html", lesson: "1", finished: "true" }),
      browser.postForm("/progress", { course: "html", lesson: "1", finished: "true" }),
      browser.postForm("/test/fullstack", sheetWith(15)),
      browser.postForm("/test/fullstack", sheetWith(12)),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([204, 204, 200, 200]);
    const rows = await certificateRows();
    expect(rows.map((row) => [row.course_slug, row.holder_name, row.course_title])).toEqual([["html", "Meera Krishnan", "HTML"]]);
    expect(rows[0]!.id).toMatch(/^[a-z2-7]{32}$/);

    const profile = await (await browser.request("/profile")).text();
    expect(profile).toContain(`href="/certificates/${rows[0]!.id}"`);
    expect(visibleText(profile)).toContain("Certificates HTML");

    // Finishing and passing again: still one certificate.
    await browser.postForm("/progress", { course: "html", lesson: "1", finished: "true" });
    await browser.postForm("/test/fullstack", sheetWith(15));
    expect(await certificateRows()).toHaveLength(1);
    // Only the name and the course reach the certificate, not the address.
    expect(JSON.stringify(await certificateRows())).not.toContain(email);
  });

  it("waits for the quiz pass: 8 of 15 (53 %) is not enough, 9 (60 %) is", async () => {
    const { browser } = await person("Arjun Das");
    const before = (await certificateRows()).length;
    await browser.postForm("/test/fullstack", sheetWith(8));
    await browser.postForm("/progress", { course: "css", lesson: "1", finished: "true" });
    expect(await certificateRows()).toHaveLength(before);
    await browser.postForm("/test/fullstack", sheetWith(9));
    const issued = (await certificateRows()).filter((row) => row.holder_name === "Arjun Das");
    expect(issued.map((row) => row.course_slug)).toEqual(["css"]);
  });

  it("waits for every lesson: a pass alone issues none for a course of many lessons", async () => {
    const { browser } = await person("Kavin Raj");
    await browser.postForm("/progress", { course: "express", lesson: "1", finished: "true" });
    await browser.postForm("/test/fullstack", sheetWith(15));
    expect((await certificateRows()).filter((row) => row.holder_name === "Kavin Raj")).toEqual([]);
  });

  it("follows the rule staff set for the course, refusing a bad one with nothing changed", async () => {
    const rule = async () =>
      site.db
        .selectFrom("courses")
        .select(["certificate_quiz", "certificate_pass_percent"])
        .where("slug", "=", "mysql")
        .executeTakeFirstOrThrow();
    expect(await rule()).toEqual({ certificate_quiz: "fullstack", certificate_pass_percent: 60 });
    const student = await person("Curious Student");
    expect((await student.browser.postForm("/staff/courses/mysql", { intent: "certificate-rule", quiz: "", pass: "60" })).status).toBe(403);
    const admin = await person("Rule Keeper", "admin");
    for (const [fields, message] of [
      [{ quiz: "", pass: "abc" }, "The pass mark is a whole number of per cent, from 1 to 100."],
      [{ quiz: "", pass: "0" }, "The pass mark is a whole number of per cent, from 1 to 100."],
      [{ quiz: "", pass: "101" }, "The pass mark is a whole number of per cent, from 1 to 100."],
      [{ quiz: "nosuch", pass: "60" }, "There is no such published quiz. Choose one from the list."],
    ] as const) {
      const refused = await admin.browser.postForm("/staff/courses/mysql", { intent: "certificate-rule", ...fields });
      expect(refused.status).toBe(400);
      expect(visibleText(await refused.text())).toContain(message);
    }
    expect(await rule()).toEqual({ certificate_quiz: "fullstack", certificate_pass_percent: 60 });

    // No quiz: the lessons alone earn it.
    expect((await admin.browser.postForm("/staff/courses/mysql", { intent: "certificate-rule", quiz: "", pass: "75" })).status).toBe(303);
    expect(await rule()).toEqual({ certificate_quiz: null, certificate_pass_percent: 75 });
    const learner = await person("Lakshmi Iyer");
    await learner.browser.postForm("/progress", { course: "mysql", lesson: "1", finished: "true" });
    const issued = (await certificateRows()).filter((row) => row.holder_name === "Lakshmi Iyer");
    expect(issued.map((row) => [row.course_slug, row.course_title])).toEqual([["mysql", "MySQL"]]);
  });

  it("is verified by anyone at its address, which says only who, what, when and whether it stands", async () => {
    const [certificate] = await certificateRows();
    const response = await fetch(`${site.server.url}/certificates/${certificate!.id}`);
    expect(response.status).toBe(200);
    const text = visibleText(await response.text());
    expect(text).toContain("Meera Krishnan");
    expect(text).toContain("has completed the course HTML");
    expect(text).toContain("Valid certificate");
    expect(text).toContain("Marina Vale College of Arts and Science");
    expect(text).not.toContain("@example.com");
    expect(text).not.toContain(certificate!.user_sub);
    expect(text).not.toContain("Revoke");

    // Its PDF, for anyone with the address: one page that names the same, with where to check it.
    const pdf = await fetch(`${site.server.url}/certificates/${certificate!.id}/certificate.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("cache-control")).toBe("no-store");
    const { pages, info } = await readPdf(await pdf.arrayBuffer());
    expect(pages).toHaveLength(1);
    const page = pages[0]!.replace(/\s+/g, " ");
    for (const part of ["Certificate of completion", "Meera Krishnan", "has completed the course", "HTML", certificate!.id]) {
      expect(page).toContain(part);
    }
    expect(page).toContain(`${site.server.url}/certificates/${certificate!.id}`);
    expect(info.Title).toBe("Certificate of completion: HTML");
    expect((await fetch(`${site.server.url}/certificates/${"a".repeat(32)}/certificate.pdf`)).status).toBe(404);
  });

  it("gives its holder a signed Open Badge, which a verifier checks offline against the key the college publishes", async () => {
    const { browser, email } = await person("Arjun Rao");
    await browser.postForm("/progress", { course: "html", lesson: "1", finished: "true" });
    await browser.postForm("/test/fullstack", sheetWith(15));
    const certificate = (await certificateRows()).find((row) => row.holder_name === "Arjun Rao")!;
    const address = `/certificates/${certificate.id}/open-badge.json`;
    expect(await (await browser.request(`/certificates/${certificate.id}`)).text()).toContain(`href="${address}"`);

    const response = await browser.request(address);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/vc");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="certificate-html.json"');
    const credential = (await response.json()) as OpenBadge;
    expect(await verifyOffline(credential)).toMatchObject({ verified: true });

    // Signed with the configured key, which the site publishes as the issuer's did:key.
    const configured = await Ed25519Multikey.fromJwk({ jwk: publicKey.export({ format: "jwk" }) });
    const published = (await (await fetch(`${site.server.url}/credentials/issuer.json`)).json()) as { id: string; name: string };
    expect(published).toMatchObject({ id: `did:key:${configured.publicKeyMultibase}`, name: "Marina Vale College of Arts and Science" });
    expect(credential.issuer.id).toBe(published.id);
    expect(credential.proof).toMatchObject({ type: "DataIntegrityProof", cryptosuite: "eddsa-rdfc-2022", proofPurpose: "assertionMethod" });
    expect(credential.proof.verificationMethod).toBe(`${published.id}#${configured.publicKeyMultibase}`);

    // What Open Badges 3.0 asks of it: the types, the achievement, the holder named and the address only hashed.
    expect(credential.type).toEqual(["VerifiableCredential", "OpenBadgeCredential"]);
    expect(credential.id).toBe(`${site.server.url}/certificates/${certificate.id}`);
    expect(credential.validFrom).toBe(certificate.issued_at);
    expect(credential.credentialSubject.achievement).toMatchObject({
      type: ["Achievement"],
      name: "HTML",
      id: `${site.server.url}/courses/html`,
    });
    const [named, hashed] = credential.credentialSubject.identifier;
    expect(named).toMatchObject({ identityType: "name", hashed: false, identityHash: "Arjun Rao" });
    expect(hashed!.identityType).toBe("emailAddress");
    expect(hashed!.identityHash).toBe(
      `sha256$${createHash("sha256")
        .update(email + hashed!.salt)
        .digest("hex")}`,
    );
    expect(JSON.stringify(credential)).not.toContain(email);

    // Any change after signing fails the check.
    for (const change of [
      (copy: OpenBadge) => (copy.credentialSubject.identifier[0]!.identityHash = "Someone Else"),
      (copy: OpenBadge) => (copy.credentialSubject.achievement.name = "Java"),
      (copy: OpenBadge) => (copy.validFrom = "2020-01-01T00:00:00.000Z"),
    ]) {
      const copy = structuredClone(credential);
      change(copy);
      expect((await verifyOffline(copy)).verified).toBe(false);
    }

    // Only its holder gets it: a visitor is sent to sign in, anyone else refused; none for a made-up id.
    expect((await fetch(site.server.url + address, { redirect: "manual" })).status).toBe(302);
    const other = await person("Someone Else");
    expect((await other.browser.request(address)).status).toBe(403);
    expect(await (await other.browser.request(`/certificates/${certificate.id}`)).text()).not.toContain("open-badge.json");
    expect((await browser.request(`/certificates/${"a".repeat(32)}/open-badge.json`)).status).toBe(404);

    // Revoked, it is no longer given out.
    const admin = await person("Badge Admin", "admin");
    await admin.browser.postForm(`/certificates/${certificate.id}`, { intent: "revoke", reason: "Checking the badge stops" });
    expect((await browser.request(address)).status).toBe(410);
    expect(await (await browser.request(`/certificates/${certificate.id}`)).text()).not.toContain("open-badge.json");
  });

  it.each([
    ["a made-up id of the right shape", "a".repeat(32)],
    ["an id one letter short", "b".repeat(31)],
    ["letters outside the alphabet", "0189".repeat(8)],
    ["an upper-case id", "A".repeat(32)],
    ["a path", "..%2F..%2Fprofile"],
  ])("answers 404 for %s", async (_what, id) => {
    expect((await fetch(`${site.server.url}/certificates/${id}`)).status).toBe(404);
  });

  it("is revoked by an administrator only, with a reason kept in the audit log; the page then says so", async () => {
    const [certificate] = await certificateRows();
    const address = `/certificates/${certificate!.id}`;
    const student = await person("Some Student");
    expect((await student.browser.postForm(address, { intent: "revoke", reason: "Not mine to revoke" })).status).toBe(403);
    const admin = await person("College Admin", "admin");
    expect(visibleText(await (await admin.browser.request(address)).text())).toContain("Revoke this certificate");
    const noReason = await admin.browser.postForm(address, { intent: "revoke", reason: "  " });
    expect(noReason.status).toBe(400);
    expect(visibleText(await noReason.text())).toContain("Give the reason for revoking in 5 to 500 characters");
    expect((await certificateRows())[0]!.revoked_at).toBeNull();
    expect(await auditLines(certificate!.id)).toEqual([]);

    const revoked = await admin.browser.postForm(address, { intent: "revoke", reason: "Issued to the wrong account by mistake" });
    expect(revoked.status).toBe(303);
    const after = (await certificateRows()).find((row) => row.id === certificate!.id)!;
    expect(after.revoked_at).not.toBeNull();
    const audit = await auditLines(certificate!.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.subject).toBe(`certificate:${certificate!.id}`);
    expect(audit[0]!.after).toContain("Issued to the wrong account by mistake");

    const text = visibleText(await (await fetch(site.server.url + address)).text());
    expect(text).toMatch(/Revoked on \d{1,2} \w+ \d{4}/);
    expect(text).not.toContain("Valid certificate");
    // The reason stays in the audit log, not on the public page.
    expect(text).not.toContain("wrong account");
    const revokedPdf = await readPdf(await (await fetch(`${site.server.url}${address}/certificate.pdf`)).arrayBuffer());
    expect(revokedPdf.pages[0]).toMatch(/REVOKED ON/);
    expect((await admin.browser.postForm(address, { intent: "revoke", reason: "Once more, to be sure" })).status).toBe(409);
    expect(await auditLines(certificate!.id)).toHaveLength(1);
  });
});
