import { Fragment } from "react";
import { SiteLink } from "./site-link.tsx";

/** A step of a breadcrumb before the page itself. */
export interface Crumb {
  label: string;
  href: string;
}

/** The public pages' way back: Home / Pages. */
const publicTrail: Crumb[] = [
  { label: "Home", href: "/" },
  { label: "Pages", href: "/pages" },
];

/** The title band of every inner page, with its breadcrumb: `trail` (Home / Pages unless given), then the title. */
export function PageHeader({ title, trail = publicTrail }: { title: string; trail?: readonly Crumb[] }) {
  return (
    <div className="bg-gradient-to-r from-[#0b2545] to-brand-800 py-14 text-white">
      <div className="mx-auto max-w-6xl px-4 text-center">
        <h1 className="text-4xl font-bold md:text-5xl">{title}</h1>
        <nav aria-label="Breadcrumb" className="mt-4">
          <ol className="flex flex-wrap justify-center gap-2 text-white">
            {trail.map((crumb) => (
              <Fragment key={crumb.href}>
                <li>
                  <SiteLink to={crumb.href} className="underline-offset-4 hover:underline">
                    {crumb.label}
                  </SiteLink>
                </li>
                <li aria-hidden="true">/</li>
              </Fragment>
            ))}
            <li aria-current="page" className="font-semibold">
              {title}
            </li>
          </ol>
        </nav>
      </div>
    </div>
  );
}
