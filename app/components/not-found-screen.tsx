import { Link } from "react-router";
import { PageHeader } from "./page-header.tsx";

/** The spec's 404 screen, used for unknown paths and for /error. */
export function NotFoundScreen() {
  return (
    <>
      <PageHeader title="404 page" />
      <section className="section text-center" aria-labelledby="not-found-heading">
        <p className="text-8xl font-extrabold text-brand-800" aria-hidden="true">
          404
        </p>
        <h2 id="not-found-heading" className="mt-2 text-4xl font-bold">
          <span className="sr-only">404 </span>Page Not Found
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-muted">
          We're sorry, the page you have looked for does not exist in our website! Maybe go to our home page or try to use a search?
        </p>
        <Link to="/" className="btn-primary mt-8">
          Go Back To Home
        </Link>
      </section>
    </>
  );
}
