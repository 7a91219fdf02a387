import type { ReactNode } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { BackToTop } from "./components/back-to-top.tsx";
import { Footer } from "./components/footer.tsx";
import { IconSprite } from "./components/icons.tsx";
import { NavBar } from "./components/nav-bar.tsx";
import { NotFoundScreen } from "./components/not-found-screen.tsx";
import { site } from "./content/site.ts";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#155e75" />
        <Meta />
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
        <NavBar />
        <main id="main" tabIndex={-1} className="focus:outline-none">
          {children}
        </main>
        <Footer />
        <BackToTop />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <title>{`404 Page Not Found | ${site.brand}`}</title>
        <NotFoundScreen />
      </>
    );
  }
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : import.meta.env.DEV && error instanceof Error
      ? error.stack
      : undefined;
  return (
    <>
      <title>{`Unexpected Application Error! | ${site.brand}`}</title>
      <section className="section text-center" aria-labelledby="error-heading">
        <h1 id="error-heading" className="text-3xl font-bold">
          Unexpected Application Error!
        </h1>
        <p className="mt-4 text-muted">
          Something went wrong on our side while showing this page. Please try again in a moment, or go back to the
          home page.
        </p>
        {detail && <pre className="mt-6 overflow-x-auto rounded bg-gray-100 p-4 text-left text-sm">{detail}</pre>}
        <a href="/" className="btn-primary mt-8">
          Go Back To Home
        </a>
      </section>
    </>
  );
}
