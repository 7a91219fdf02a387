import { expect, type Page } from "@playwright/test";
import { test } from "./library-site.ts";
import { open } from "./open.ts";
import { e2ePassword, register } from "./register.ts";
import { ownClientAddressPerTest, seriousViolations } from "./page-checks.ts";
import { linkInMail } from "./mails.ts";

// Registration is limited per address; each test comes from an address of its own.
ownClientAddressPerTest(test);
test.use({ reducedMotion: "reduce" });

const search = (page: Page) => page.getByRole("search", { name: "Books" });
const yourBooks = (page: Page) => page.getByRole("region", { name: "your Books" });
const foundTitles = (page: Page) => yourBooks(page).getByRole("article").getByRole("heading", { level: 3 });

test("a search by keyboard lists the books, best match first; filters narrow it; More results pages on", async ({ page }) => {
  await open(page, "/library");
  await expect(yourBooks(page).getByRole("article")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Suggested Books" }).getByRole("article")).toHaveCount(10);

  await search(page).getByLabel("Search by title, author or subject").fill("quillmarsh");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/library\?q=quillmarsh/);
  await expect(foundTitles(page)).toHaveText(["The Quillmarsh handbook", "Collected essays", "Notes on networks"]);
  await expect(yourBooks(page).getByRole("status")).toHaveText("3 books found for “quillmarsh”.");
  await expect(page).toHaveTitle("quillmarsh – E-Library search | eLEARNING");

  await search(page).getByLabel("Search by title, author or subject").fill("zorblatt");
  await search(page).getByLabel("Free e-books only").check();
  await search(page).getByRole("button", { name: "Search" }).click();
  await expect(foundTitles(page)).toHaveCount(3);
  await expect(yourBooks(page).getByRole("link", { name: "Download Pdf: Zorblatt for everyone" })).toHaveAttribute(
    "href",
    "https://books.example.org/zorblatt.pdf",
  );
  await search(page).getByLabel("Free e-books only").uncheck();
  await search(page).getByLabel("Subject", { exact: true }).selectOption({ label: "Databases" });
  await search(page).getByRole("button", { name: "Search" }).click();
  await expect(foundTitles(page)).toHaveText(["Zorblatt deluxe"]);
  await expect(yourBooks(page).getByRole("article")).toContainText("₹1,299");

  await search(page).getByLabel("Subject", { exact: true }).selectOption({ label: "Any subject" });
  await search(page).getByLabel("Search by title, author or subject").fill("vexillon");
  await search(page).getByRole("button", { name: "Search" }).click();
  await expect(foundTitles(page)).toHaveCount(40);
  await yourBooks(page).getByRole("link", { name: "More results" }).click();
  await expect(page).toHaveURL(/\/library\?q=vexillon&page=2$/);
  await expect(foundTitles(page)).toHaveText([
    "Vexillon volume 41",
    "Vexillon volume 42",
    "Vexillon volume 43",
    "Vexillon volume 44",
    "Vexillon volume 45",
  ]);
  await expect(search(page).getByLabel("Search by title, author or subject")).toHaveValue("vexillon");
});

test("a search that finds nothing says so and leaves the books found before", async ({ page }) => {
  await open(page, "/library?q=jav");
  await expect(foundTitles(page)).toHaveText(["Thinking in Java"]);
  await search(page).getByLabel("Search by title, author or subject").fill("nothing like zzqx");
  await search(page).getByRole("button", { name: "Search" }).click();
  await expect(yourBooks(page).getByRole("status")).toHaveText("No books matched “nothing like zzqx”. Try other words or fewer filters.");
  await expect(foundTitles(page)).toHaveText(["Thinking in Java"]);
});

test("a search with a typo finds the books meant, says what it searched and offers that search", async ({ page }) => {
  await open(page, "/library");
  await search(page).getByLabel("Search by title, author or subject").fill("quilmarsh");
  await page.keyboard.press("Enter");
  await expect(foundTitles(page)).toHaveText(["The Quillmarsh handbook", "Collected essays", "Notes on networks"]);
  await expect(yourBooks(page).getByRole("status")).toHaveText("No books matched “quilmarsh”: 3 books found for “quillmarsh”.");
  await expect(yourBooks(page)).toContainText("Did you mean quillmarsh?");
  await yourBooks(page).getByRole("link", { name: "quillmarsh", exact: true }).click();
  await expect(page).toHaveURL(/\/library\?q=quillmarsh$/);
  await expect(yourBooks(page).getByRole("status")).toHaveText("3 books found for “quillmarsh”.");
  expect(await seriousViolations(page)).toEqual([]);
});

test("an empty search is refused with a message next to the field", async ({ page }) => {
  await open(page, "/library");
  await search(page).getByRole("button", { name: "Search" }).click();
  const field = search(page).getByLabel("Search by title, author or subject");
  await expect(page.getByRole("alert")).toHaveText("Please type a few words of a title, an author or a subject, then press Search.");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  expect(await seriousViolations(page)).toEqual([]);
});

test("a signed-in student saves books to a reading list, sees it in the profile and removes them", async ({ page }) => {
  await register(page, `reader-${Date.now()}@example.com`);
  await open(page, "/library?q=zorblatt");
  await yourBooks(page).getByRole("button", { name: "Save Zorblatt deluxe to your reading list" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The book was saved to your reading list." })).toBeVisible();
  const list = page.getByRole("region", { name: "My reading list" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText("Zorblatt deluxe");
  await expect(yourBooks(page).getByRole("button", { name: "Remove Zorblatt deluxe from your reading list" })).toBeVisible();
  await page
    .getByRole("region", { name: "Suggested Books" })
    .getByRole("button", { name: "Save Effective Java to your reading list" })
    .click();
  await expect(list.getByRole("listitem")).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);

  await open(page, "/profile");
  const onProfile = page.getByRole("region", { name: "My reading list" });
  await expect(onProfile.getByRole("listitem")).toHaveCount(2);
  await onProfile.getByRole("button", { name: "Remove Zorblatt deluxe from your reading list" }).click();
  await expect(page).toHaveURL(/\/profile\?list=removed$/);
  await expect(onProfile.getByRole("listitem")).toHaveCount(1);
  await expect(onProfile).toContainText("Effective Java");
});

test("Buy Now of a suggested book starts an order from the college bookshop", async ({ page }) => {
  await open(page, "/library");
  await page.getByRole("link", { name: "Buy Now: Head First Java" }).click();
  await expect(page).toHaveURL(/\/contact\?book=suggested:head-first-java$/);
  await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue(
    /^I would like to order "Head First Java" by Kathy Sierra, Bert Bates \(₹950\) from the college bookshop\./,
  );
});

test("the page with results has no serious accessibility violation", async ({ page }) => {
  await open(page, "/library?q=zorblatt");
  await expect(foundTitles(page)).toHaveCount(5);
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a search with a typo finds the books meant", async ({ page }) => {
    await page.goto("/library");
    await search(page).getByLabel("Search by title, author or subject").fill("quilmarsh");
    await search(page).getByRole("button", { name: "Search" }).click();
    await expect(foundTitles(page)).toHaveCount(3);
    await expect(yourBooks(page)).toContainText("Did you mean quillmarsh?");
  });

  test("searching, paging and the reading list work as plain forms and links", async ({ page }) => {
    await page.goto("/library");
    await search(page).getByLabel("Search by title, author or subject").fill("vexillon");
    await search(page).getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/library\?q=vexillon/);
    await expect(foundTitles(page)).toHaveCount(40);
    await yourBooks(page).getByRole("link", { name: "More results" }).click();
    await expect(foundTitles(page)).toHaveCount(5);

    // Registering is a plain form too.
    const main = page.getByRole("main");
    await page.goto("/register");
    await main.getByLabel("Name").fill("Plain Reader");
    await main.getByLabel("Phone").fill("+91 98400 12345");
    const email = `plain-reader-${Date.now()}@example.com`;
    await main.getByLabel("Email").fill(email);
    await main.getByLabel("Password", { exact: true }).fill(e2ePassword);
    await main.getByLabel("Confirm Password").fill(e2ePassword);
    await main.getByRole("button", { name: "Register" }).click();
    await expect(main.getByRole("status")).toContainText("Please check the inbox of");
    await page.goto(await linkInMail(email, "Confirm your account on eLEARNING"));
    await main.getByLabel("Password", { exact: true }).fill(e2ePassword);
    await main.getByRole("button", { name: "Create my account" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await page.goto("/library?q=jav");
    await yourBooks(page).getByRole("button", { name: "Save Thinking in Java to your reading list" }).click();
    await expect(page).toHaveURL(/\/library\?q=jav&list=saved$/);
    const list = page.getByRole("region", { name: "My reading list" });
    await expect(list).toContainText("Thinking in Java");
    await list.getByRole("button", { name: "Remove Thinking in Java from your reading list" }).click();
    await expect(page).toHaveURL(/\/library\?q=jav&list=removed$/);
    await expect(list.getByRole("listitem")).toHaveCount(0);
  });
});
