import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const check = (chromiumPath: string) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const env = { PATH: process.env.PATH, CHROMIUM_PATH: chromiumPath };
    execFile(process.execPath, ["scripts/check-test-prerequisites.ts"], { env, timeout: 30_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });

describe("npm test's prerequisites check", () => {
  it("runs first, before the build and the tests", () => {
    const scripts = JSON.parse(readFileSync("package.json", "utf8")).scripts as Record<string, string>;
    expect(scripts.test).toMatch(/^node scripts\/check-test-prerequisites\.ts && npm run build && /);
  });

  it("stops with one line naming the command that installs Chromium when it is missing", async () => {
    const { code, stdout, stderr } = await check("/nowhere/chromium");
    expect(code).toBe(1);
    expect(stdout).toBe("");
    const install = process.getuid?.() === 0 ? "`apt-get install -y chromium`" : "`sudo apt-get install -y chromium`";
    expect(stderr).toBe(
      `npm test needs Chromium at /nowhere/chromium for the browser tests: install it with ${install} (or set CHROMIUM_PATH to a Chromium elsewhere).\n`,
    );
  });

  it("lets the suite go on, saying nothing, when Chromium is there", async () => {
    // Any executable stands in for the browser: the check only looks for it.
    expect(await check(process.execPath)).toEqual({ code: 0, stdout: "", stderr: "" });
  });
});
