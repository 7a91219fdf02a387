import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { coursesByCategory } from "#app/content/seeds/courses.ts";
import { RESULT_ALERT_DELAY_SECONDS } from "#app/features/quizzes/limits.ts";
import { revealDelayClass } from "./reveal-delay.ts";

/** The reveal-delay-N classes app.css generates, from its `@source inline("reveal-delay-{0..N}")`. */
function classesInStylesheet() {
  const css = readFileSync(new URL("../app.css", import.meta.url), "utf8");
  const [, first, last] = /@source inline\("reveal-delay-\{(\d+)\.\.(\d+)\}"\)/.exec(css) ?? [];
  const classes = new Set<string>();
  for (let tenths = Number(first); tenths <= Number(last); tenths++) classes.add(`reveal-delay-${tenths}`);
  return classes;
}

describe("revealDelayClass", () => {
  it("names the delay in tenths of a second", () => {
    expect(revealDelayClass(0)).toBe("reveal-delay-0");
    expect(revealDelayClass(0.7)).toBe("reveal-delay-7");
    expect(revealDelayClass(3)).toBe("reveal-delay-30");
  });

  it("names only classes app.css has, for every delay the site uses: a missing one would show at once", () => {
    const delays = [
      ...Object.values(coursesByCategory)
        .flat()
        .map((course) => course.time),
      RESULT_ALERT_DELAY_SECONDS,
    ];
    const inStylesheet = classesInStylesheet();
    for (const seconds of delays) expect(inStylesheet, `${seconds} s`).toContain(revealDelayClass(seconds));
  });
});
