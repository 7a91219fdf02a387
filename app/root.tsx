import { useEffect, type ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import stylesheetHref from "./app.css?url";
import { Footer } from "./components/footer.tsx";
import { IconSprite } from "./components/icons.tsx";
import { accountData, NavBar } from "./components/nav-bar.tsx";
import { SiteLinks } from "./components/site-link.tsx";
import { errorTitle, pageMeta } from "./lib/http/meta.ts";
import { getUser } from "./features/auth/index.server.ts";
import { accountOf } from "./personal-data.server.ts";
import { personalOf } from "./lib/personal/personal-data.ts";
import { chatbotSettings } from "./features/help/chatbot.server.ts";
import { servicesContext } from "./context.ts";
import { sessionMiddleware } from "./features/auth/session-middleware.server.ts";
import { formBodyMiddleware } from "./middleware/form-body.server.ts";
import { sameForEveryVisitor } from "./lib/content-versions/page-cache.ts";
import type { Route } from "./+types/root";

// A body no action could read is refused before anyone's session is looked up.
export const middleware: Route.MiddlewareFunction[] = [formBodyMiddleware, sessionMiddleware];

/**
 * Who is signed in, for the nav bar: rendered on the server, so there is no flash and no spinner.
 * And the external web chat, when one is configured, for the pages that show the chat widget.
 */
export function loader({ context }: Route.LoaderArgs) {
  return { user: accountOf(getUser(context)), chatbot: chatbotSettings(context.get(servicesContext).config) };
}

/** Used when an error reaches the root boundary; every page sets its own title otherwise. */
export const meta = ({ error }: Route.MetaArgs) => (error ? pageMeta(errorTitle(error)) : []);

// Signed out, the nav bar and footer are the same for everyone; signed in, the nav bar's account links are the person's.
export const handle = sameForEveryVisitor([], accountData);

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: ReactNode }) {
  // Absent when the root loader itself failed: then nobody is shown as signed in.
  const rootData = useRouteLoaderData<typeof loader>("root");
  useEffect(() => {
    // Lets end-to-end tests (and styles, if ever needed) tell when the page is interactive.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#155e75" />
        <Meta />
        {/* A stylesheet resource (precedence): React puts it in the head before the scripts it
            preloads, so the browser asks for it first. A plain <link> came after them. */}
        <link rel="stylesheet" href={stylesheetHref} precedence="default" />
        <Links />
      </head>
      <body id="top">
        <IconSprite />
        <a
          href="#main"
          className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to main content
        </a>
        <SiteLinks>
          <NavBar user={personalOf(accountData, rootData, rootData?.user ?? null)} />
          <main id="main" tabIndex={-1} className="focus:outline-none">
            {children}
          </main>
          <Footer />
        </SiteLinks>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export { RouteErrorBoundary as ErrorBoundary } from "./components/route-error-boundary.tsx";
