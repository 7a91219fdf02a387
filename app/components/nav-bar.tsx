import { Form, Link, NavLink, useLocation } from "react-router";
import { site } from "../content/site.ts";
import { signInHref } from "../features/auth/sign-in-link.ts";
import { PersonalSlot } from "../lib/personal/personal-slot.tsx";
import { Icon } from "./icons.tsx";
import { isAt, SiteLink } from "./site-link.tsx";
import { needsOwnDocument, pageLinks, primaryLinks, secondaryLinks } from "./nav-links.ts";
import { useDismissableDetails } from "./use-dismissable-details.ts";

// Items never break over two lines: a name too long for its room is cut short with an ellipsis.
const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block truncate rounded px-3 py-2 font-medium hover:text-brand-700 xl:px-2 ${isActive ? "text-brand-700 underline underline-offset-4" : "text-ink"}`;

/** The list of pages is marked on itself only, as the home page always is (isAt). */
const markedOnlyAtItself = new Set(["/pages"]);

/** One list item per link, the current page's marked (`aria-current`) where the page is at it or below it. */
function NavItems({ links }: { links: ReadonlyArray<{ to: string; label: string }> }) {
  const { pathname } = useLocation();
  return links.map(({ to, label }) => {
    const isActive = isAt(pathname, to, { end: markedOnlyAtItself.has(to) });
    return (
      <li key={to}>
        <SiteLink
          to={to}
          reloadDocument={needsOwnDocument(to)}
          aria-current={isActive ? "page" : undefined}
          className={linkClass({ isActive })}
        >
          {label}
        </SiteLink>
      </li>
    );
  });
}

const dropdownLinks = [{ to: "/pages", label: "All pages" }, ...pageLinks];

function PagesDropdown() {
  const ref = useDismissableDetails();
  return (
    <details ref={ref} className="relative">
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded px-2 py-2 font-medium whitespace-nowrap text-ink hover:text-brand-700">
        Pages <Icon name="chevron-down" />
      </summary>
      <ul className="absolute left-0 z-30 mt-1 w-56 rounded-md border border-gray-200 bg-white py-2 shadow-lg">
        <NavItems links={dropdownLinks} />
      </ul>
    </details>
  );
}

const pageLinksNotAbove = pageLinks.filter((link) => !secondaryLinks.some((other) => other.to === link.to));

/** What the nav bar shows of the signed-in person (null: a visitor), as personal data of every page. */
export type Account = { name: string } | null;
export const accountData = "account";

function MobileMenu({ user }: { user: Account }) {
  const ref = useDismissableDetails();
  return (
    <details ref={ref} className="xl:hidden">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded px-2 py-2 font-medium whitespace-nowrap">
        <Icon name="menu" /> Menu
      </summary>
      <div className="absolute inset-x-0 top-full z-30 border-t border-gray-200 bg-white px-4 py-3 shadow-lg">
        <ul>
          <NavItems links={[...primaryLinks, ...secondaryLinks]} />
        </ul>
        <p className="mt-3 px-3 text-sm font-semibold text-muted" id="mobile-pages-heading">
          Pages
        </p>
        <ul aria-labelledby="mobile-pages-heading">
          <NavItems links={pageLinksNotAbove} />
        </ul>
        <PersonalSlot id="account-in-menu" data={accountData} part={AccountInMenu} props={{}} person={user} />
      </div>
    </details>
  );
}

function JoinNow() {
  const location = useLocation();
  return (
    <Link to={signInHref(location.pathname + location.search)} className="btn-primary shrink-0 whitespace-nowrap max-sm:px-3">
      Join Now
    </Link>
  );
}

function AccountLinks({ user }: { user: { name: string } }) {
  return (
    <>
      {/* The full name stays the link's text for assistive technology; the title shows it to the pointer. */}
      <NavLink to="/profile" title={user.name} className={(state) => `min-w-0 ${linkClass(state)}`}>
        {user.name}
      </NavLink>
      <Form method="post" action="/logout" className="shrink-0">
        <button type="submit" className="btn-light border border-brand-700 whitespace-nowrap">
          Log out
        </button>
      </Form>
    </>
  );
}

function AccountInMenu({ person }: { person: Account }) {
  // On a phone the bar has room for the brand and this menu only.
  return (
    person && (
      <div className="mt-3 flex items-center justify-between gap-2 border-t border-gray-200 pt-3 sm:hidden">
        <AccountLinks user={person} />
      </div>
    )
  );
}

function AccountInBar({ person }: { person: Account }) {
  return person ? (
    <div className="hidden min-w-0 items-center gap-2 sm:flex">
      <AccountLinks user={person} />
    </div>
  ) : (
    <JoinNow />
  );
}

export function NavBar({ user }: { user: Account }) {
  return (
    <header className="sticky top-0 z-20 border-b border-gray-200 bg-white/95 backdrop-blur">
      {/* One row of a fixed height, which html's scroll-padding-top (app.css) keeps content clear of. */}
      <div className="relative mx-auto flex h-(--header-height) max-w-6xl items-center justify-between gap-2 px-4 sm:gap-4">
        <SiteLink to="/" className="shrink-0 text-xl font-extrabold sm:text-2xl tracking-tight text-brand-800">
          {site.brand}
        </SiteLink>
        {/* The whole bar from 1280 px: narrower, with a signed-in name, it would not fit on one line. */}
        <nav aria-label="Main" className="flex min-w-0 items-center gap-1 sm:gap-2">
          <ul className="hidden shrink-0 items-center xl:flex">
            <NavItems links={primaryLinks} />
            <li>
              <PagesDropdown />
            </li>
            <NavItems links={secondaryLinks} />
          </ul>
          <MobileMenu user={user} />
          <PersonalSlot id="account" data={accountData} part={AccountInBar} props={{}} person={user} />
        </nav>
      </div>
    </header>
  );
}
