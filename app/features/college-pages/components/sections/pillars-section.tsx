import { Link } from "react-router";
import { pillars } from "#app/content/pillars.ts";

/** Vision, Mission and Objectives cards; Vision leads to the test hub, Mission to the mentors' office hours. */
export function PillarsSection() {
  return (
    <section aria-labelledby="pillars-heading" className="section">
      <h2 id="pillars-heading" className="sr-only">
        Vision, Mission and Objectives
      </h2>
      <ul className="grid gap-6 md:grid-cols-3">
        {pillars.map((pillar) => (
          <li key={pillar.title} className="rounded-lg bg-brand-50 p-6 shadow-sm">
            <h3 className="text-xl font-bold text-brand-800">
              {pillar.href ? (
                <Link to={pillar.href} className="underline-offset-4 hover:underline">
                  {pillar.title}
                </Link>
              ) : (
                pillar.title
              )}
            </h3>
            <p className="mt-3 text-muted">{pillar.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
