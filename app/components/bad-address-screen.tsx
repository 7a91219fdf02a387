import { Link } from "react-router";
import { PageHeader } from "./page-header.tsx";

/** What an address that cannot be read (a stray %) gets, with status 400. */
export function BadAddressScreen() {
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
