import { Link } from "react-router";
import { collegeDay } from "#app/lib/text/college-time.ts";

/** The archived courses or quizzes, below the staff list they left: put away, not gone. */
export function ArchivedList({ heading, items }: { heading: string; items: { href: string; title: string; updatedAt: string }[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="archived-heading" className="mt-10">
      <h2 id="archived-heading" className="text-xl font-bold">
        {heading} ({items.length})
      </h2>
      <p className="mt-1 text-muted">Learners cannot open these; their results are kept. Open one to restore it.</p>
      <ul className="mt-3 grid gap-2">
        {items.map((item) => (
          <li key={item.href} className="flex flex-wrap items-center gap-3">
            <Link to={item.href} className="text-brand-800 underline">
              {item.title}
            </Link>
            <span className="text-sm text-muted">
              last changed <time dateTime={item.updatedAt}>{collegeDay(item.updatedAt)}</time>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
