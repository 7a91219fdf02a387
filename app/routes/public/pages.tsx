import { Link } from "react-router";
import { needsOwnDocument, pageLinks, primaryLinks, secondaryLinks } from "#app/components/nav-links.ts";
import { PageHeader } from "#app/components/page-header.tsx";
import { pageMeta } from "#app/lib/http/meta.ts";
import { sameForEveryVisitor } from "#app/lib/content-versions/page-cache.ts";

export const meta = () => pageMeta("Pages");

const extraLinks = [
  { to: "/register", label: "Sign Up" },
  { to: "/newsletter", label: "Newsletter" },
];

/** Every page of the site in one list: the target of the breadcrumb's "Pages". */
export const handle = sameForEveryVisitor([], "same");

export default function Pages() {
  const all = [...primaryLinks, ...pageLinks, ...secondaryLinks, ...extraLinks].filter(
    (link, index, list) => list.findIndex((other) => other.to === link.to) === index,
  );
  return (
    <>
      <PageHeader title="Pages" />
      <section className="section" aria-label="All pages">
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {all.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                reloadDocument={needsOwnDocument(link.to)}
                className="block rounded-md border border-gray-200 p-4 font-semibold hover:border-brand-700"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
