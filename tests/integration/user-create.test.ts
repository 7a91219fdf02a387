import { execFile } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../setup/databases.ts";
import { TestBrowser } from "../setup/http-client.ts";
import { startServer, type RunningServer } from "../setup/server.ts";

// The first administrator of a new site: nobody can give roles before one exists.
describe("npm run user:create", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
  });
  afterAll(() => database?.drop());

  const run = (args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const env = { PATH: process.env.PATH, ...database.env };
      execFile(process.execPath, ["scripts/user-create.ts", ...args], { env, timeout: 30_000 }, (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
      );
    });

  it("creates an account with the role and a password shown once, which signs in to the staff pages", async () => {
    const { code, stdout } = await run(["Head.IT@College.example", "admin", "--name", "Head of IT"]);
    expect(code).toBe(0);
    const password = /password, shown only now:\n\n {2}(\S+)\n/.exec(stdout)?.[1];
    expect(password).toMatch(/^[\w-]{24}$/);
    const handle = database.open();
    try {
      const account = await handle.db
        .selectFrom("accounts")
        .select(["name", "password_hash"])
        .where("email", "=", "head.it@college.example")
        .executeTakeFirstOrThrow();
      expect(account.name).toBe("Head of IT");
      expect(account.password_hash).not.toContain(password);
    } finally {
      await handle.close();
    }

    let server: RunningServer | undefined;
    try {
      server = await startServer(database.env);
      const browser = new TestBrowser(server.url);
      const start = await browser.request("/signin?return_to=%2Fstaff%2Fmessages");
      const atLogin = await browser.follow(start, "/signin");
      const posted = await browser.postForm(atLogin.url.pathname, { email: "head.it@college.example", password: password! });
      const { url } = await browser.follow(posted, atLogin.url.pathname);
      expect(url.pathname).toBe("/staff/messages");
      expect((await browser.request("/staff/messages")).status).toBe(200);
      expect((await browser.request("/profile")).status).toBe(200);
    } finally {
      await server?.stop();
    }
  });

  it.each([
    [["not-an-email", "admin"], "the first argument must be an email address"],
    [["someone@college.example", "dean"], "the role must be one of student, teacher, moderator, admin"],
    [["someone@college.example", "admin", "--phone", "call me"], "--phone must be digits"],
    [["someone@college.example", "admin", "--colour", "red"], "Unknown option '--colour'"],
  ])("refuses %j with exit code 2, creating nothing", async (args, message) => {
    const { code, stderr } = await run(args);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
    expect(stderr).toContain("Usage: npm run user:create");
  });

  it("refuses an address that has an account already, and changes nothing", async () => {
    const { code, stderr } = await run(["head.it@college.example", "student"]);
    expect(code).toBe(1);
    expect(stderr).toContain("An account with the address head.it@college.example exists already. To change its role: npm run user:role");
    const handle = database.open();
    try {
      const role = await handle.db
        .selectFrom("user_roles")
        .select("role")
        .where("email", "=", "head.it@college.example")
        .executeTakeFirst();
      expect(role?.role).toBe("admin");
    } finally {
      await handle.close();
    }
  });
});
