import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "@playwright/test";
import { assignRole } from "#app/features/auth/roles.server.ts";
import { siteOfItsOwn } from "./site-of-its-own.ts";
import { test } from "./test.ts";

// A picture over the staff forms' limit (12 MB; they take 11 MB) in a browser with JavaScript:
// the form stays, says the picture is too large and keeps what the teacher typed.

const own = siteOfItsOwn();
const teacherEmail = `teacher-oversized-${Date.now()}@example.com`;

test("a course picture over the form's limit is named too large, and everything typed stays", async ({ browser }) => {
  test.setTimeout(90_000);
  await assignRole(own.db, teacherEmail, "teacher");
  const picture = join(own.folder, "poster-scan.png");
  writeFileSync(picture, Buffer.alloc(12 * 1024 * 1024, 7));
  const { context, page } = await own.signedIn(browser, teacherEmail, "Tara Teacher");
  await page.goto("/staff/courses/new");
  const main = page.getByRole("main");
  await main.getByLabel("Title").fill("Watercolour Basics");
  await main.getByLabel("Address").fill("watercolour-basics");
  await main.getByLabel("Picture (optional)").setInputFiles(picture);
  await main.getByLabel("Describe the picture").fill("A brush over a wet blue wash");
  await main.getByRole("button", { name: "Create the course" }).click();

  await expect(main.getByText("The picture is larger than 10 MB. Please choose a smaller one.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "New course" })).toBeVisible();
  await expect(main.getByLabel("Title")).toHaveValue("Watercolour Basics");
  await expect(main.getByLabel("Address")).toHaveValue("watercolour-basics");
  await expect(main.getByLabel("Describe the picture")).toHaveValue("A brush over a wet blue wash");
  expect(await own.db.selectFrom("courses").select("slug").where("slug", "=", "watercolour-basics").execute()).toEqual([]);
  await context.close();
});

test("a form refused at once for its size shows the server's sentence, not a bare error", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: own.url });
  const page = await context.newPage();
  await page.goto("/feedback/new");
  const main = page.getByRole("main");
  await main.getByLabel("Name").fill("Meena");
  // Past the field's own limit, as a script could: over the 64 KB a public form may send.
  await main.getByLabel("Comment").evaluate((field: HTMLTextAreaElement) => (field.value = "x".repeat(70 * 1024)));
  await main.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "This form is too large to send" })).toBeVisible();
  await expect(main).toContainText("this page takes at most 64 KB. Go back, shorten what you typed or choose a smaller file");
  await context.close();
});
