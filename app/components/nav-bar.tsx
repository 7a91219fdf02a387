import { Form, Link, NavLink, useLocation } from "react-router";
import { site } from "../content/site.ts";
import { signInHref } from "../features/auth/sign-in-link.ts";
import { Icon } from "./icons.tsx";
import { needsOwnDocument, pageLinks, primaryLinks, secondaryLinks } from "./nav-links.ts";
import { useDismissableDetails } from "./use-dismissable-details.ts";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded px-3 py-2 font-medium hover:text-brand-700 ${isActive ? "text-brand-700 underline underline-offset-4" : "text-ink"}`;

function PagesDropdown() {
  const ref = useDismissableDetails();
  return (
    <details ref={ref} className="relative">
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded px-3 py-2 font-medium text-ink hover:text-brand-700">
        Pages <Icon name="chevron-down" />
      </summary>
      <ul className="absolute left-0 z-30 mt-1 w-56 rounded-md border border-gray-200 bg-white py-2 shadow-lg">
        <li>
          <NavLink to="/pages" end className={linkClass}>
            All pages
          </NavLink>
        </li>
        {pageLinks.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} reloadDocument={needsOwnDocument(link.to)} className={linkClass}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </details>
  );
}

const pageLinksNotAbove = pageLinks.filter((link) => !secondaryLinks.some((other) => other.to === link.to));

function MobileMenu() {
  const ref = useDismissableDetails();
  return (
    <details ref={ref} className="lg:hidden">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded px-3 py-2 font-medium">
        <Icon name="menu" /> Menu
      </summary>
      <div className="absolute inset-x-0 top-full z-30 border-t border-gray-200 bg-white px-4 py-3 shadow-lg">
        <ul>
          {[...primaryLinks, ...secondaryLinks].map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.to === "/"} reloadDocument={needsOwnDocument(link.to)} className={linkClass}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <p className="mt-3 px-3 text-sm font-semibold text-muted" id="mobile-pages-heading">
          Pages
        </p>
        <ul aria-labelledby="mobile-pages-heading">
          {pageLinksNotAbove.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} reloadDocument={needsOwnDocument(link.to)} className={linkClass}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}

function AccountLinks({ user }: { user: { name: string } | null }) {
  const location = useLocation();
  if (!user) {
    const here = location.pathname + location.search;
    return (
      <Link to={here === "/" ? "/signin" : signInHref(here)} className="btn-primary">
        Join Now
      </Link>
    );
  }
  return (
    <>
      <NavLink to="/profile" className={linkClass}>
        {user.name}
      </NavLink>
      <Form method="post" action="/logout">
        <button type="submit" className="btn-light border border-brand-700">
          Log out
        </button>
      </Form>
    </>
  );
}

export function NavBar({ user }: { user: { name: string } | null }) {
  return (
    <header className="sticky top-0 z-20 border-b border-gray-200 bg-white/95 backdrop-blur">
      <div className="relative mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="text-2xl font-extrabold tracking-tight text-brand-800">
          {site.brand}
        </Link>
        <nav aria-label="Main" className="flex items-center gap-2">
          <ul className="hidden items-center lg:flex">
            {primaryLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === "/"} reloadDocument={needsOwnDocument(link.to)} className={linkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li>
              <PagesDropdown />
            </li>
            {secondaryLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} reloadDocument={needsOwnDocument(link.to)} className={linkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <MobileMenu />
          <AccountLinks user={user} />
        </nav>
      </div>
    </header>
  );
}
