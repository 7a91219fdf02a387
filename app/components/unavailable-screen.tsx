import { useLocation } from "react-router";
import { PageHeader } from "./page-header.tsx";

/**
 * A 503: the database did not answer in time (server/middleware/database-unavailable.ts). Nothing is wrong
 * with what the visitor did, so the screen offers the same address again.
 */
export function UnavailableScreen() {
  const { pathname, search } = useLocation();
  return (
    <>
      <PageHeader title="Briefly unavailable" />
      <section className="section text-center" aria-labelledby="unavailable-heading">
        <h2 id="unavailable-heading" className="text-3xl font-bold">
          This page is briefly unavailable
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-muted">We could not reach our records just now. Please try again in a moment.</p>
        <a href={`${pathname}${search}`} className="btn-primary mt-8">
          Try again
        </a>
      </section>
    </>
  );
}
