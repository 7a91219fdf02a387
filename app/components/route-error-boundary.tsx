import { isRouteErrorResponse, useRouteError } from "react-router";
import { isBadAddressError } from "#app/lib/http/malformed-address.ts";
import { BadAddressScreen } from "./bad-address-screen.tsx";
import { ForbiddenScreen } from "./forbidden-screen.tsx";
import { NotFoundScreen } from "./not-found-screen.tsx";
import { UnavailableScreen } from "./unavailable-screen.tsx";

/**
 * The error screen of every route area: the 404 screen for anything not
 * found, a page saying why for a 403, a try-again screen for a 503 (the database stalled), the
 * server's sentence for a form too large to send (413, refused before any page saw it), 'Unexpected
 * Application Error!' for the rest (details only in development).
 * The document title comes from the route's meta, which receives the error.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isBadAddressError(error)) return <BadAddressScreen />;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundScreen />;
  }
  if (isRouteErrorResponse(error) && error.status === 403) {
    const message = (error.data as { message?: unknown } | null)?.message;
    return <ForbiddenScreen reason={typeof message === "string" ? message : "Your account does not open this page."} />;
  }
  if (isRouteErrorResponse(error) && error.status === 503) {
    return <UnavailableScreen />;
  }
  if (isRouteErrorResponse(error) && error.status === 413) {
    return (
      <section className="section text-center" aria-labelledby="error-heading">
        <h1 id="error-heading" className="text-3xl font-bold">
          This form is too large to send
        </h1>
        <p className="mx-auto mt-4 max-w-xl text-muted">
          {typeof error.data === "string" && error.data ? error.data : "Go back, choose a smaller file, and send the form again."}
        </p>
      </section>
    );
  }
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : import.meta.env.DEV && error instanceof Error
      ? error.stack
      : undefined;
  return (
    <section className="section text-center" aria-labelledby="error-heading">
      <h1 id="error-heading" className="text-3xl font-bold">
        Unexpected Application Error!
      </h1>
      <p className="mt-4 text-muted">
        Something went wrong on our side while showing this page. Please try again in a moment, or go back to the home page.
      </p>
      {detail && <pre className="mt-6 overflow-x-auto rounded bg-gray-100 p-4 text-left text-sm">{detail}</pre>}
      <a href="/" className="btn-primary mt-8">
        Go Back To Home
      </a>
    </section>
  );
}
