import { expect, type Page } from "@playwright/test";
import { newContext, test } from "./test.ts";
import { startChatbotStandIn } from "../setup/chatbot-stand-in.ts";
import { startSite, type RunningSite } from "../setup/server.ts";
import { open } from "./open.ts";
import { seriousViolations } from "./page-checks.ts";
import { mailCatcherSmtpUrl } from "./ports.ts";

// Measured at rest: mid-animation colours are not what people read.
test.use({ reducedMotion: "reduce" });

/** Requests for the dialog's own code. */
function dialogCodeRequests(page: Page) {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/help-dialog-[\w-]+\.js$/.test(request.url())) seen.push(request.url());
  });
  return seen;
}

const helpButton = (page: Page) => page.getByRole("button", { name: "Need help?" });
const dialog = (page: Page) => page.getByRole("dialog", { name: "Ask the help assistant" });

test.describe("the built-in help assistant", () => {
  test("by keyboard: open it, ask 'how do I register', follow the answer to the register page", async ({ page }) => {
    const dialogCode = dialogCodeRequests(page);
    await open(page, "/library");
    await expect(helpButton(page)).toBeVisible();
    expect(dialogCode).toEqual([]);

    // Reached by Tab from whatever comes before it in the page.
    await helpButton(page).focus();
    await page.keyboard.press("Shift+Tab");
    await expect(helpButton(page)).not.toBeFocused();
    await page.keyboard.press("Tab");
    await expect(helpButton(page)).toBeFocused();
    await page.keyboard.press("Enter");

    await expect(dialog(page)).toBeVisible();
    expect(dialogCode).toHaveLength(1);
    const question = dialog(page).getByLabel("Your question");
    await expect(question).toBeFocused();
    await page.keyboard.type("how do I register");
    await page.keyboard.press("Enter");

    await expect(dialog(page).getByRole("status")).toHaveText(/^\d answers? for “how do I register”:$/);
    const answer = dialog(page).getByRole("link", { name: "How to register" });
    await expect(answer).toBeVisible();
    await expect(dialog(page).getByText("password of at least 8 characters", { exact: false })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // From the question: the Ask button, then the first answer.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(answer).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole("heading", { name: "User Register Page" })).toBeVisible();
    await expect(dialog(page)).toHaveCount(0);
  });

  test("answers 'java quiz' with a link that opens the Java quiz", async ({ page }) => {
    await open(page, "/contact");
    await helpButton(page).click();
    await dialog(page).getByLabel("Your question").fill("java quiz");
    await dialog(page).getByRole("button", { name: "Ask" }).click();
    const answers = dialog(page).getByRole("listitem");
    await expect(answers.first().getByRole("link")).toHaveText("Java quiz");
    expect(await answers.count()).toBeLessThanOrEqual(5);
    await answers.first().getByRole("link").click();
    await expect(page).toHaveURL(/\/test\/java$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Java");
    await expect(page.getByRole("button", { name: "Next" })).toBeVisible();
  });

  test("says so when nothing matches, offers the contact page; Escape closes and focus returns to the button", async ({ page }) => {
    await open(page, "/library");
    await helpButton(page).click();
    await dialog(page).getByLabel("Your question").fill("xylophone repairs");
    await page.keyboard.press("Enter");
    await expect(dialog(page).getByRole("status")).toHaveText("Nothing on this site matches “xylophone repairs”.");
    await expect(dialog(page).getByRole("link", { name: "the contact page" })).toHaveAttribute("href", "/contact");
    expect(await seriousViolations(page)).toEqual([]);

    await page.keyboard.press("Escape");
    await expect(dialog(page)).toBeHidden();
    await expect(helpButton(page)).toBeFocused();
    await expect(helpButton(page)).toHaveAttribute("aria-expanded", "false");

    // Opened again: the last answer is still there; the Close button closes it too.
    await page.keyboard.press("Enter");
    await expect(dialog(page).getByRole("status")).toHaveText("Nothing on this site matches “xylophone repairs”.");
    await dialog(page).getByRole("button", { name: "Close" }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(helpButton(page)).toBeFocused();
  });

  test("refuses an overlong question in the dialog with the reason", async ({ page }) => {
    await open(page, "/library");
    await helpButton(page).click();
    // The box takes 200 characters; a longer question can only come from elsewhere, so set it directly.
    await dialog(page)
      .getByLabel("Your question")
      .evaluate((input: HTMLInputElement) => {
        input.removeAttribute("maxlength");
        input.value = "x".repeat(201);
      });
    await dialog(page).getByRole("button", { name: "Ask" }).click();
    await expect(dialog(page).getByRole("status")).toHaveText(/^Your question is too long\. Please ask it in at most 200 characters/);
  });

  test("the home page loads none of it", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await open(page, "/");
    expect(scripts.filter((path) => /help|chat-widget|question-field/.test(path))).toEqual([]);
    await expect(page.getByText("Need help?")).toHaveCount(0);
  });

  test("the help page and its answers have no serious accessibility violation", async ({ page }) => {
    await open(page, "/help");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel("Your question").fill("java quiz");
    await page.getByRole("button", { name: "Ask" }).click();
    await expect(page).toHaveURL(/\/help\?q=java\+quiz$/);
    const answers = page.getByRole("region", { name: "Answers" }).getByRole("listitem");
    await expect(answers.first().getByRole("link")).toHaveText("Java quiz");
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("'Need help?' leads to the help page, whose form answers with working links", async ({ page }) => {
    await page.goto("/contact");
    await page.getByRole("link", { name: "Need help?" }).click();
    await expect(page).toHaveURL(/\/help$/);
    await page.getByLabel("Your question").fill("how do I register");
    await page.getByLabel("Your question").press("Enter");
    await expect(page).toHaveURL(/\/help\?q=how\+do\+I\+register$/);
    await expect(page.getByRole("main").getByRole("status")).toHaveText(/answers? for “how do I register”:$/);
    await page.getByRole("link", { name: "How to register" }).click();
    await expect(page).toHaveURL(/\/register$/);
  });
});

test.describe("with an external chatbot configured", () => {
  test.describe.configure({ mode: "serial" });

  let standIn: Awaited<ReturnType<typeof startChatbotStandIn>>;
  let site: RunningSite;

  test.beforeAll(async () => {
    standIn = await startChatbotStandIn();
    site = await startSite({ ...standIn.env, SMTP_URL: mailCatcherSmtpUrl });
  });
  test.afterAll(async () => {
    await site?.stop();
    await standIn?.close();
  });

  const chatScripts = (page: Page) =>
    page.locator(`script[src="${standIn.env.CHATBOT_SCRIPT_URL}"], script[src="${standIn.env.CHATBOT_CONFIG_URL}"]`);
  const chatStyles = (page: Page) => page.locator(`head link[href^="${standIn.origin}/"]`);
  const chat = (page: Page) => page.locator("#stand-in-webchat");

  test("the library page loads the two scripts in order, and leaving it removes them and everything the chat added", async ({
    browser,
  }) => {
    const context = await newContext(browser, { baseURL: site.url, reducedMotion: "reduce" });
    const page = await context.newPage();

    await open(page, "/library");
    await expect(chat(page).getByRole("button", { name: "Chat with College Bot" })).toBeVisible();
    await expect(chatScripts(page)).toHaveCount(2);
    await expect(chatStyles(page)).toHaveCount(1);
    await expect(page.frameLocator("#stand-in-webchat iframe").getByText("Hello from the stand-in bot.")).toBeVisible();
    await expect(page.getByText("Need help?")).toHaveCount(0);
    // Added with the page's nonce, which web chats pass on to what they add.
    expect(await chatScripts(page).evaluateAll((scripts) => scripts.map((script) => (script as HTMLScriptElement).nonce !== ""))).toEqual([
      true,
      true,
    ]);

    // Left through a link inside the site (no new document): everything goes.
    await page.getByRole("navigation").getByRole("link", { name: "Home", exact: true }).first().click();
    await expect(page).toHaveURL(`${site.url}/`);
    await expect(chatScripts(page)).toHaveCount(0);
    await expect(chat(page)).toHaveCount(0);
    await expect(chatStyles(page)).toHaveCount(0);
    await expect(page.locator("iframe")).toHaveCount(0);

    // Back, and on to the contact page: the chat is there once each time, never twice.
    await page.goBack();
    await expect(page).toHaveURL(/\/library$/);
    await expect(chat(page)).toHaveCount(1);
    await expect(chatScripts(page)).toHaveCount(2);
    await page.getByRole("contentinfo").getByRole("link", { name: "Contact Us" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(chat(page).getByRole("button", { name: "Chat with College Bot" })).toBeVisible();
    await expect(chat(page)).toHaveCount(1);
    await expect(chatScripts(page)).toHaveCount(2);
    await expect(chatStyles(page)).toHaveCount(1);

    expect(standIn.requested).toEqual(
      expect.arrayContaining(["/webchat/inject.js", "/bot/config.js", "/webchat/style.css", "/webchat/frame.html"]),
    );
    await context.close();
  });
});
