import { createContext, use, useCallback, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";

// The links every page repeats (the nav bar twice over, the footer, the breadcrumb: about 35) cost
// the server more as React Router's Link, which calls half a dozen hooks for each: about a quarter
// of what a rendered page allocated (docs/performance.md). These links are plain anchors to the
// site's own absolute paths; what a click on one does is made once per page.

type Follow = (event: MouseEvent<HTMLAnchorElement>) => void;

const FollowContext = createContext<Follow | null>(null);

/**
 * What a click on a SiteLink does, as React Router's Link does it: a plain left click on a link
 * opening in this tab navigates within the page (replacing the history entry when it leads where
 * the page already is); with a modifier key, another button or another target the browser follows it.
 */
export function SiteLinks({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const here = pathname + search + hash;
  const follow = useCallback<Follow>(
    (event) => {
      const link = event.currentTarget;
      const plainClick = event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
      if (event.defaultPrevented || !plainClick || (link.target && link.target !== "_self")) return;
      event.preventDefault();
      const to = link.pathname + link.search + link.hash;
      void navigate(to, { replace: to === here });
    },
    [navigate, here],
  );
  return <FollowContext value={follow}>{children}</FollowContext>;
}

type SiteLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href" | "onClick"> & {
  /** An absolute path of the site ("/courses"). */
  to: string;
  /** Load the page as a new document (a page with its own scripts), not by navigating within this one. */
  reloadDocument?: boolean;
};

/** A link to one of the site's pages, as React Router's Link to an absolute path renders it. */
export function SiteLink({ to, reloadDocument = false, ...rest }: SiteLinkProps) {
  const follow = use(FollowContext);
  // data-discover: React Router's browser side finds the routes of the links on a page by it.
  return <a {...rest} href={to} onClick={reloadDocument ? undefined : (follow ?? undefined)} data-discover="true" />;
}

/**
 * Whether `pathname` is at `to` or below it, as React Router's NavLink decides it: without case;
 * with `end`, only at `to` itself. Nothing is below "/": the home link is marked on the home page only.
 */
export function isAt(pathname: string, to: string, { end = false } = {}) {
  const here = pathname.toLowerCase();
  const target = to.toLowerCase();
  if (here === target) return true;
  if (end) return false;
  const slashAt = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  return here.startsWith(target) && here.charAt(slashAt) === "/";
}
