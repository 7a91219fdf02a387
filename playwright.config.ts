import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, fakeMediaArgs, testBrowserPath } from "./tests/setup/chromium.ts";

import { mailCatcherPorts, mailCatcherSmtpUrl, sitePort as port } from "./tests/e2e/ports.ts";

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: { executablePath: testBrowserPath, args: [...chromiumArgs, ...fakeMediaArgs] },
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  // A journey through sixteen pages (the layout checks) or a registration, a course and a certificate
  // took 25 to 30 s on a 2-core machine whose disk was busy, and up to 60 s in a CI run whose load
  // average stayed near 10: twice that before a test counts as stuck.
  timeout: 120_000,
  // Sign-in crosses six redirects and an argon2 hash; on a loaded 2-core machine that can pass 5 s.
  expect: { timeout: 15_000 },
  reporter: "list",
  // A failed test keeps its trace: each action's timing, the network and the console. Without the
  // page's pictures and DOM copies at every action, which made a journey a quarter slower.
  use: { baseURL: `http://127.0.0.1:${port}`, trace: { mode: "retain-on-failure", screenshots: false, snapshots: false } },
  projects: [{ name: "chromium", use: chromium }],
  webServer: [
    {
      command: "node tests/e2e/mail-catcher.ts",
      url: `http://127.0.0.1:${mailCatcherPorts.http}/mails`,
      reuseExistingServer: false,
      env: { MAIL_CATCHER_SMTP_PORT: String(mailCatcherPorts.smtp), MAIL_CATCHER_HTTP_PORT: String(mailCatcherPorts.http) },
    },
    {
      // The production build, as `npm start` runs it, on an in-memory SQLite
      // database: every run starts empty (rate-limit counters included).
      command: "node build/start.js",
      url: `http://127.0.0.1:${port}/readyz`,
      reuseExistingServer: false,
      stdout: process.env.E2E_LOG_LEVEL ? "pipe" : "ignore",
      timeout: 60_000,
      env: {
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        SQLITE_PATH: ":memory:",
        // Playwright adds the outer environment; an empty value means unset, so a DATABASE_URL
        // meant for the integration tests cannot point this server at a shared database.
        DATABASE_URL: "",
        // The built-in provider's issuer and the sign-in callback use this address.
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
        // Tests that post to rate-limited forms say which address they come from (X-Forwarded-For).
        TRUST_PROXY: "1",
        // Account mails (registration links) go to the mail catcher; contact messages stay kept for staff.
        SMTP_URL: mailCatcherSmtpUrl,
      },
    },
  ],
});
