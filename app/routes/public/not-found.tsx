import { data, Link } from "react-router";
import { NotFoundScreen } from "#app/components/not-found-screen.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/not-found";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  ...pageMeta(loaderData?.malformed ? "400 Bad Address" : "404 Page Not Found"),
  { name: "robots", content: "noindex" },
];

/** A percent sign not followed by two hex digits, or bytes that are no UTF-8: no page can have such an address. */
function isMalformed(pathname: string): boolean {
  try {
    // The result is used: a bare call, having no visible effect, is dropped by the minifier.
    return decodeURIComponent(pathname) === undefined;
  } catch {
    return true;
  }
}

/** Any path no other route matches: the 404 screen with status 404, or 400 for an address that cannot be read. */
export function loader({ url }: Route.LoaderArgs) {
  const malformed = isMalformed(url.pathname);
  return data({ malformed }, { status: malformed ? 400 : 404 });
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  if (!loaderData.malformed) return <NotFoundScreen />;
  return (
    <>
      <PageHeader title="400 page" />
      <section className="section text-center" aria-labelledby="bad-address-heading">
        <h2 id="bad-address-heading" className="text-4xl font-bold">
          This address cannot be read
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-muted">
          The address has a % sign that is not followed by a character code. Please check the link you followed, or go to our home page.
        </p>
        <Link to="/" className="btn-primary mt-8">
          Go Back To Home
        </Link>
      </section>
    </>
  );
}
