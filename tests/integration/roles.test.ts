import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignRole } from "#app/features/auth/roles.server.ts";
import type { DatabaseHandle } from "#app/lib/db/connect.server.ts";
import { registerIn, registeredBrowser } from "../setup/accounts.ts";
import { engines } from "../setup/databases.ts";
import { TestBrowser } from "../setup/http-client.ts";
import { siteForTests, startSite, type RunningSite } from "../setup/server.ts";
import { startTokenTestProvider, type TokenScenario } from "../setup/token-test-provider.ts";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));

/** `npm run user:role -- <args>` as the college's IT staff run it, against the site's database. */
function userRole(env: Record<string, string>, args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["scripts/user-role.ts", ...args], { cwd: projectRoot, env: { PATH: process.env.PATH, ...env } });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, output })));
}

describe.each(engines)("roles with the built-in provider on %s", (engine) => {
  // Registered below with the address in this list; upper case here on purpose.
  const site = siteForTests({ TRUST_PROXY: "1", ADMIN_EMAILS: `Head-${process.pid}@College.example, it@college.example` }, engine);

  const roleOf = async (email: string) =>
    (await site.db.selectFrom("sessions").select("role").where("email", "=", email).execute()).map((row) => row.role);

  /** A post on the wall, and whether this browser may hide it (moderators and admins only). */
  async function canHide(browser: TestBrowser) {
    const author = new TestBrowser(site.server.url, "198.18.0.1");
    const posted = await author.postForm("/feedback/new", { name: "Post", comment: "To hide", rating: "3" });
    const id = posted.headers.get("location")!.split("=")[1]!;
    return (await browser.postForm(`/feedback/${id}`, { intent: "hide" })).status;
  }

  it("makes everyone a student by default, and ADMIN_EMAILS admins at sign-in", async () => {
    const { browser: student, email: studentEmail } = await registeredBrowser(site.server.url);
    expect(await roleOf(studentEmail)).toEqual(["student"]);
    expect(await canHide(student)).toBe(403);

    const head = new TestBrowser(site.server.url, "198.18.0.2");
    const email = `head-${process.pid}@college.example`;
    await registerIn(head, email, "Head of Department");
    expect(await roleOf(email)).toEqual(["admin"]);
    expect(await canHide(head)).toBe(303);
  });

  it("npm run user:role gives a role at once to open sessions, takes it back, and refuses bad arguments", async () => {
    const { browser, email } = await registeredBrowser(site.server.url);
    const given = await userRole(site.server.database.env, [email.toUpperCase(), "moderator"]);
    expect(given.code).toBe(0);
    expect(given.output).toContain(`${email} is now moderator (1 open session changed at once).`);
    expect(await roleOf(email)).toEqual(["moderator"]);
    expect(await canHide(browser)).toBe(303);

    expect((await userRole(site.server.database.env, [email, "student"])).code).toBe(0);
    expect(await canHide(browser)).toBe(403);

    const badRole = await userRole(site.server.database.env, [email, "superuser"]);
    expect(badRole.code).toBe(2);
    expect(badRole.output).toContain("the role must be one of student, teacher, moderator, admin");
    const badEmail = await userRole(site.server.database.env, ["not-an-email", "admin"]);
    expect(badEmail.code).toBe(2);
    expect(await roleOf(email)).toEqual(["student"]);
  });

  it("keeps a role given before the first sign-in for that sign-in", async () => {
    const email = `future-teacher-${process.pid}@college.example`;
    const given = await userRole(site.server.database.env, [email, "teacher"]);
    expect(given.output).toContain("from their next sign-in");
    expect(given.output).toContain(`Warning: no account has the address ${email} yet.`);
    await registerIn(new TestBrowser(site.server.url, "198.18.0.3"), email, "New Teacher");
    expect(await roleOf(email)).toEqual(["teacher"]);
  });

  it("never takes a role from the browser", async () => {
    const { browser, email } = await registeredBrowser(site.server.url);
    browser.jar.store(new Response(null, { headers: { "Set-Cookie": "role=admin; Path=/" } }));
    expect(await canHide(browser)).toBe(403);
    expect(await roleOf(email)).toEqual(["student"]);
  });
});

describe("roles with an external provider", () => {
  const clientId = "site-at-external-provider";
  let provider: Awaited<ReturnType<typeof startTokenTestProvider>>;
  let server: RunningSite;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    provider = await startTokenTestProvider({ clientId });
    server = await startSite({
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: "external-secret",
      OIDC_ROLE_CLAIM: "https://college.example/roles",
      ADMIN_EMAILS: "external@example.com",
    });
    handle = server.database.open();
  });
  afterAll(async () => {
    await handle?.close();
    await server?.stop();
    await provider?.close();
  });

  async function signInWith(scenario: TokenScenario) {
    provider.useScenario(scenario);
    await provider.signIn(server.url);
    const sessions = await handle.db.selectFrom("sessions").select(["role", "created_at"]).orderBy("created_at", "desc").execute();
    return sessions[0]!.role;
  }

  it("gives a role by command only to sessions whose address the provider verified", async () => {
    expect(await signInWith({ claims: (c) => ({ ...c, email: "lookalike@college.example", email_verified: false }) })).toBe("student");
    expect(await assignRole(handle.db, "lookalike@college.example", "moderator")).toBe(0);
    expect(await signInWith({ claims: (c) => ({ ...c, email: "lookalike@college.example", email_verified: true }) })).toBe("moderator");
    const roles = (await handle.db.selectFrom("sessions").select("role").where("email", "=", "lookalike@college.example").execute()).map(
      (r) => r.role,
    );
    expect(roles.sort()).toEqual(["moderator", "student"]);
  });

  it.each<[string, TokenScenario, string]>([
    ["an unverified address in ADMIN_EMAILS gets nothing from it", { claims: (c) => ({ ...c, email_verified: false }) }, "student"],
    ["a verified address in ADMIN_EMAILS is an admin", { claims: (c) => ({ ...c, email_verified: true }) }, "admin"],
    ["the role claim names the role", { claims: (c) => ({ ...c, "https://college.example/roles": "Teacher" }) }, "teacher"],
    [
      "the first known role of a list counts",
      { claims: (c) => ({ ...c, "https://college.example/roles": ["alumnus", "moderator"] }) },
      "moderator",
    ],
    ["an unknown role is a student", { claims: (c) => ({ ...c, "https://college.example/roles": "root" }) }, "student"],
  ])("%s", async (_name, scenario, role) => {
    expect(await signInWith(scenario)).toBe(role);
  });
});
