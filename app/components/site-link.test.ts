// The nav bar marks its current page with isAt (site-link.tsx) instead of React Router's NavLink:
// both must mark the same links for every address, or the bar would change as the page hydrates.
import fc from "fast-check";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter, NavLink } from "react-router";
import { describe, expect, it } from "vitest";
import { isAt } from "./site-link.tsx";
import { pageLinks, primaryLinks, secondaryLinks } from "./nav-links.ts";

const targets = [...new Set(["/", "/pages", ...[...primaryLinks, ...pageLinks, ...secondaryLinks].map((link) => link.to)])];

/** Whether NavLink marks a link to `to` as the current page at `pathname`. */
function navLinkIsActive(pathname: string, to: string, end: boolean) {
  const link = createElement(NavLink, { to, end }, "link");
  return renderToStaticMarkup(createElement(MemoryRouter, { initialEntries: [pathname] }, link)).includes('aria-current="page"');
}

const segment = fc.oneof(fc.constantFrom("", "about", "About", "courses", "java", "pages", "test", "team", "x"), fc.webSegment());
const pathname = fc.array(segment, { minLength: 1, maxLength: 4 }).map((segments) => `/${segments.join("/")}`);

describe("the nav bar's current page", () => {
  it("is the link NavLink would mark, for the bar's links at their own addresses and below them", () => {
    for (const to of targets) {
      for (const at of [to, `${to}/`, `${to}/java`, `${to.toUpperCase()}`, `${to}x`, "/"]) {
        for (const end of [true, false]) expect(isAt(at, to, { end }), `${at} ${to} ${end}`).toBe(navLinkIsActive(at, to, end));
      }
    }
  });

  it("is the link NavLink would mark at any address", () => {
    fc.assert(
      fc.property(pathname, fc.constantFrom(...targets), fc.boolean(), (at, to, end) => {
        expect(isAt(at, to, { end })).toBe(navLinkIsActive(at, to, end));
      }),
      { numRuns: 1_000 },
    );
  });
});
