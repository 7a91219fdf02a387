import { Link } from "react-router";
import { PageHeader } from "./page-header.tsx";

/** A 403: the person is signed in but their role does not open this page; `reason` says why. */
export function ForbiddenScreen({ reason }: { reason: string }) {
  return (
    <>
      <PageHeader title="Not allowed" />
      <section className="section text-center" aria-labelledby="forbidden-heading">
        <h2 id="forbidden-heading" className="text-3xl font-bold">
          You cannot open this page
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-muted">{reason}</p>
        <p className="mx-auto mt-2 max-w-xl text-muted">If you think you should have access, ask the college's IT staff.</p>
        <Link to="/" className="btn-primary mt-8">
          Go Back To Home
        </Link>
      </section>
    </>
  );
}
