import { expect, type Page } from "@playwright/test";
import { test } from "./test.ts";
import { questionsByQuiz } from "#app/content/seeds/quiz-questions/index.server.ts";
import { open } from "./open.ts";
import { ownClientAddressPerTest } from "./page-checks.ts";
import { register } from "./register.ts";

// At rest: cards fading in and smooth scrolling are not where things finally sit.
test.use({ reducedMotion: "reduce" });
ownClientAddressPerTest(test);

const screens = [
  { name: "a 360 px phone", viewport: { width: 360, height: 740 } },
  { name: "a 390 px phone", viewport: { width: 390, height: 844 } },
  { name: "a 768 px tablet", viewport: { width: 768, height: 1024 } },
  { name: "a 1280 px desktop", viewport: { width: 1280, height: 800 } },
  { name: "a 1440 px desktop", viewport: { width: 1440, height: 900 } },
  // A 1280×800 screen at 200% zoom, as browser zoom makes it: 640×400 CSS pixels of two device pixels
  // each, so the page's media queries see 640 px (CSS zoom on <html> would leave them at 1280).
  { name: "200% zoom", viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 },
];

// One page of each layout (the course categories, /error and /no-such-page, /newsletter and /contact
// share theirs), so the whole spec stays within a minute.
const publicPages = [
  "/",
  "/about",
  "/team",
  "/testimonial",
  "/contact",
  "/help",
  "/no-such-page",
  "/courses",
  "/cources/programming",
  "/courses/java",
  "/test",
  "/test/java",
  "/library",
  "/feedback",
  "/register",
  "/signin",
];
// The pages whose content changes for a signed-in person; the nav bar is the same on every page.
const signedInPages = ["/", "/profile", "/feedback/new", "/staff/messages", "/library"];

/** 30 characters, the longest name the checks below promise to lay out. */
const longName = "Alexandra Konstantinopoulou-Ra";

/**
 * What is wrong with the layout of the page as it is shown now: horizontal overflow, a navigation
 * item broken over two lines, the back-to-top button over text wherever the page is scrolled, hero text on
 * the hero's drawing. Runs in the page; returns one sentence per problem.
 */
function layoutProblems(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const shown = (rect: DOMRect) => rect.width > 1 && rect.height > 1;
    const overlap = (a: DOMRect, b: DOMRect) =>
      a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
    /** The boxes of each line of visible text under `root`, with the text. */
    const textBoxes = (root: Node) => {
      const boxes: { node: Node; text: string; rect: DOMRect }[] = [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent!.trim();
        const parent = node.parentElement!;
        // Hidden, or visually hidden for screen readers only (its glyphs overflow a clipped 1 px box).
        if (!text || !parent.checkVisibility({ visibilityProperty: true }) || !shown(parent.getBoundingClientRect())) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) if (shown(rect)) boxes.push({ node, text, rect });
      }
      return boxes;
    };

    const { scrollWidth } = document.documentElement;
    if (scrollWidth > window.innerWidth) problems.push(`the page is ${scrollWidth} px wide in a ${window.innerWidth} px window`);

    for (const item of document.querySelectorAll<HTMLElement>("header a, header button, header summary")) {
      const lines = textBoxes(item).map((box) => box.rect);
      const first = lines[0];
      if (first && lines.some((line) => line.top >= first.bottom - 1)) problems.push(`the nav item '${item.textContent!.trim()}' wraps`);
      if (first && item.getBoundingClientRect().right > window.innerWidth)
        problems.push(`the nav item '${item.textContent!.trim()}' is off screen`);
    }

    // Buttons that may float over the page: back to top, and 'Need help?' on the contact and library pages.
    const floating = [
      ["the back-to-top button", document.querySelector<HTMLElement>('a[href="#top"]')],
      [
        "the 'Need help?' button",
        [...document.querySelectorAll<HTMLElement>("main a, main button")].find((el) => el.textContent!.trim() === "Need help?"),
      ],
    ] as const;
    for (const [name, element] of floating) {
      if (!element) continue;
      // Where the button passes over the page from top to bottom: all of its column when it floats.
      const button = element.getBoundingClientRect();
      const floats = getComputedStyle(element).position === "fixed";
      const travel = floats ? document.documentElement.scrollHeight - window.innerHeight : 0;
      const swept = new DOMRect(button.x, button.y + window.scrollY, button.width, button.height + travel);
      const covered = textBoxes(document.body).filter(
        (box) =>
          !element.contains(box.node) &&
          overlap(new DOMRect(box.rect.x, box.rect.y + window.scrollY, box.rect.width, box.rect.height), swept),
      );
      if (covered.length) problems.push(`${name} covers '${covered.map((box) => box.text).join("', '")}'`);
    }

    // A text field shows the whole of its placeholder (the footer's "name@example.com").
    const measure = document.createElement("canvas").getContext("2d")!;
    for (const input of document.querySelectorAll<HTMLInputElement>("input[placeholder]")) {
      if (input.value || !input.checkVisibility({ visibilityProperty: true })) continue;
      const style = getComputedStyle(input);
      measure.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (measure.measureText(input.placeholder).width > room + 1) {
        problems.push(`the field '${input.labels?.[0]?.textContent?.trim() ?? input.name}' cuts its placeholder '${input.placeholder}'`);
      }
    }

    // Text wraps between words, not inside one ("Introductio / n", an email address), code aside.
    const wordCharacter = /[\p{L}\p{N}]/u;
    for (const { node } of textBoxes(document.body)) {
      const text = node.textContent!;
      if (node.parentElement!.closest("pre, code") || text.length < 2) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if (range.getClientRects().length < 2) continue;
      let lastTop: number | undefined;
      for (let index = 0; index < text.length; index++) {
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const rect = range.getBoundingClientRect();
        if (!shown(rect)) continue;
        if (lastTop !== undefined && rect.top > lastTop + 1 && wordCharacter.test(text[index - 1]!) && wordCharacter.test(text[index]!)) {
          const word = /[\p{L}\p{N}]*$/u.exec(text.slice(0, index))![0] + /^[\p{L}\p{N}]*/u.exec(text.slice(index))![0];
          problems.push(`'${word}' is broken over two lines`);
        }
        lastTop = rect.top;
      }
    }

    // A card's text lies beside its picture, not on it: drawings carry letters of their own.
    for (const card of document.querySelectorAll<HTMLElement>("main li")) {
      for (const picture of card.querySelectorAll("img")) {
        const box = picture.getBoundingClientRect();
        const onPicture = textBoxes(card).filter((text) => overlap(text.rect, box));
        if (onPicture.length) problems.push(`text lies on a card's picture: '${onPicture.map((text) => text.text).join("', '")}'`);
      }
    }

    // The hero's drawing is the right half of its picture, which is cropped from the left (object-right).
    const heroPicture = document.querySelector<HTMLImageElement>('[aria-roledescription="slide"]:not([hidden]) img');
    if (heroPicture) {
      const box = heroPicture.getBoundingClientRect();
      const drawnWidth = Math.max(box.width, box.height * (heroPicture.naturalWidth / heroPicture.naturalHeight));
      const drawing = new DOMRect(box.right - drawnWidth / 2, box.top, drawnWidth / 2, box.height);
      const onDrawing = textBoxes(heroPicture.parentElement!).filter((text) => overlap(text.rect, drawing));
      if (onDrawing.length) problems.push(`hero text lies on the drawing: '${onDrawing.map((box) => box.text).join("', '")}'`);
    }
    return problems;
  });
}

/** The problems of each page, and of the last one with its Menu open where the bar collapses to it. */
async function problemsOnEveryPage(page: Page, paths: string[]) {
  const problems: string[] = [];
  for (const path of paths) {
    await open(page, path);
    for (const problem of await layoutProblems(page)) problems.push(`${path}: ${problem}`);
  }
  const menu = page.locator("summary", { hasText: "Menu" });
  if (await menu.isVisible()) {
    await menu.click();
    for (const problem of await layoutProblems(page)) problems.push(`${paths.at(-1)} with the Menu open: ${problem}`);
  }
  return problems;
}

for (const screen of screens) {
  test.describe(`on ${screen.name}`, () => {
    test.use({ viewport: screen.viewport, deviceScaleFactor: screen.deviceScaleFactor ?? 1 });

    test("every public page fits, the nav stays on one line and nothing floats over text", async ({ page }) => {
      expect(await problemsOnEveryPage(page, publicPages)).toEqual([]);
    });

    test("signed in with a 30-character name, every page fits and the nav stays on one line", async ({ page }) => {
      await register(page, `layout-${screen.viewport.width}-${Date.now()}@example.com`, longName);
      expect(await problemsOnEveryPage(page, signedInPages)).toEqual([]);
      // Shortened on screen when it must be, never for assistive technology or the pointer.
      const nameLink = page.getByRole("link", { name: longName, exact: true });
      await expect(nameLink).toHaveAttribute("title", longName);
    });

    test("Next and Finish bring the whole quiz step, counter and progress bar included, into view below the header", async ({ page }) => {
      await answerQuizCheckingEachStep(page);
    });
  });
}

/**
 * What of the quiz step now shown is out of sight, one sentence per part: every part (the question's
 * counter, progress bar, question and each option, or each part of the result) must start at or below
 * the sticky header's bottom; the first must be wholly in the window, and all of them whenever
 * together they fit between the header and the window's bottom.
 */
function quizStepOutOfSight(page: Page) {
  return page.evaluate(() => {
    const result = document.querySelector('section[aria-labelledby="result-heading"]');
    const parts: [string, Element | null | undefined][] = result
      ? [...result.children]
          .filter((part) => part.getAttribute("role") !== "alert")
          .map((part) => [`result's ${part.tagName.toLowerCase()} '${part.textContent!.trim().slice(0, 30)}'`, part])
      : [
          ["question counter", [...document.querySelectorAll("main p")].find((p) => /^Question \d+ of \d+$/.test(p.textContent!.trim()))],
          ["progress bar", document.querySelector('progress[aria-label="Quiz progress"]')],
          ["question", document.querySelector("#question-heading")],
          ...[...document.querySelectorAll("fieldset label")].map((option): [string, Element] => [
            `option '${option.textContent!.trim()}'`,
            option,
          ]),
        ];
    const headerBottom = document.querySelector("header")!.getBoundingClientRect().bottom;
    const boxes = parts.map(([name, part]) => ({ name, box: part?.getBoundingClientRect() }));
    const problems = boxes.filter(({ box }) => !box).map(({ name }) => `no ${name}`);
    const shown = boxes.filter((part): part is { name: string; box: DOMRect } => part.box !== undefined);
    const fits = shown.at(-1)!.box.bottom - shown[0]!.box.top <= window.innerHeight - headerBottom;
    for (const [index, { name, box }] of shown.entries()) {
      if (box.top < headerBottom - 0.5)
        problems.push(`the ${name} is under the header (${Math.round(box.top)} < ${Math.round(headerBottom)})`);
      else if ((index === 0 || fits) && box.bottom > window.innerHeight + 0.5) problems.push(`the ${name} is below the window`);
    }
    return problems;
  });
}

/** Answers every question of the Java quiz (20, some with code), checking after each Next and after Finish. */
async function answerQuizCheckingEachStep(page: Page) {
  await open(page, "/test/java");
  const questions = questionsByQuiz.java!;
  for (const [index, question] of questions.entries()) {
    if (index > 0) {
      await expect(page.getByRole("heading", { name: question.question })).toBeFocused();
      await expect.poll(() => quizStepOutOfSight(page), `after Next to question ${index + 1}`).toEqual([]);
    }
    // Reading down to the button first, as a student does.
    await page.getByRole("radio").last().check();
    await page.getByRole("button", { name: index === questions.length - 1 ? "Finish" : "Next" }).click();
  }
  await expect(page.getByRole("heading", { name: "Your result" })).toBeFocused();
  await expect.poll(() => quizStepOutOfSight(page), "after Finish").toEqual([]);
}

test.describe("scrolling smoothly (no reduced motion)", () => {
  test.use({ reducedMotion: "no-preference" });
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`at ${viewport.width}×${viewport.height}, the quiz step ends below the header too`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await answerQuizCheckingEachStep(page);
    });
  }
});
