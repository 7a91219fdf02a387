import { expect, type Browser } from "@playwright/test";
import { newContext, test } from "./test.ts";
import type { DatabaseHandle } from "#app/lib/db/connect.server.ts";
import { storeMessage } from "../setup/contact-outbox.ts";
import { startSite, type RunningSite } from "../setup/server.ts";
import { open } from "./open.ts";
import { register } from "./register.ts";
import { seriousViolations } from "./page-checks.ts";
import { mailCatcherSmtpUrl } from "./ports.ts";

// A site of its own (the shared one keeps no file to put messages in), with an administrator.
test.describe.configure({ mode: "serial" });

let site: RunningSite;
let handle: DatabaseHandle;
const adminEmail = `staff-${Date.now()}@example.com`;
const secondAdminEmail = `staff-nojs-${Date.now()}@example.com`;

test.beforeAll(async () => {
  site = await startSite({ SMTP_URL: mailCatcherSmtpUrl, ADMIN_EMAILS: `${adminEmail},${secondAdminEmail}` });
  handle = site.database.open();
  const failed = await storeMessage(handle.db, {
    createdAt: new Date(Date.now() - 60_000),
    name: "Arun K",
    status: "failed",
    attempts: 1,
    next_attempt_at: null,
    last_error: "550 Mailbox unavailable",
  });
  await handle.db
    .insertInto("contact_delivery_attempts")
    .values({
      id: "attempt-1",
      message_id: failed.id,
      attempted_at: new Date().toISOString(),
      outcome: "failed",
      detail: "550 Mailbox unavailable",
    })
    .execute();
  await storeMessage(handle.db, { delivery: false, name: "Meena R", message: "First line\nSecond line" });
});
test.afterAll(async () => {
  await handle?.close();
  await site?.stop();
});

async function signedInAdministrator(browser: Browser, email: string) {
  const context = await newContext(browser, { baseURL: site.url, reducedMotion: "reduce" });
  const page = await context.newPage();
  await register(page, email, "Staff Member");
  return { context, page };
}

test("an administrator reaches the messages from the profile and marks one handled by keyboard", async ({ browser }) => {
  const { context, page } = await signedInAdministrator(browser, adminEmail);
  await page.getByRole("link", { name: "Staff: contact messages" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Contact messages" })).toBeVisible();
  await open(page, "/staff/messages");
  const messages = page.getByRole("list", { name: "Messages, newest first" }).getByRole("article");
  await expect(messages).toHaveCount(2);
  await expect(messages.first().getByRole("heading", { level: 2 })).toHaveText("Meena R");
  expect(await seriousViolations(page)).toEqual([]);

  const arun = page.getByRole("article", { name: "Arun K" });
  await expect(arun).toContainText("Could not be delivered: 550 Mailbox unavailable");
  const attempts = arun.getByText("Delivery attempts (1)");
  await attempts.focus();
  await page.keyboard.press("Enter");
  await expect(arun.getByRole("listitem").filter({ hasText: "failed — 550 Mailbox unavailable" })).toBeVisible();

  await arun.getByRole("button", { name: "Mark as handled (message from Arun K)" }).focus();
  await page.keyboard.press("Enter");
  await expect(arun).toContainText(`Handled by Staff Member (${adminEmail}) on`);
  await expect(arun.getByRole("button", { name: "Mark as not handled (message from Arun K)" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("link", { name: "Not handled" }).click();
  await expect(page.getByRole("list", { name: "Messages not handled, newest first" }).getByRole("article")).toHaveCount(1);
  await context.close();
});

test("without JavaScript the buttons still work, and bring the page back to the message", async ({ browser }) => {
  const signedIn = await signedInAdministrator(browser, secondAdminEmail);
  const storageState = await signedIn.context.storageState();
  await signedIn.context.close();
  const context = await newContext(browser, { baseURL: site.url, storageState, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/staff/messages");
  const meena = page.getByRole("article", { name: "Meena R" });
  await meena.getByRole("button", { name: "Mark as handled (message from Meena R)" }).click();
  await expect(page).toHaveURL(/\/staff\/messages#message-/);
  await expect(meena).toContainText("Handled by Staff Member");
  await meena.getByRole("button", { name: "Mark as not handled (message from Meena R)" }).click();
  await expect(meena).toContainText("Not handled yet");
  await context.close();
});
