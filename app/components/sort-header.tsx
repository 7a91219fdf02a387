import { Link } from "react-router";

export type SortOrder = "ascending" | "descending";

/**
 * A column heading that sorts its table by a link (`?sort=column&order=…`), so sorting works
 * without JavaScript and a sorted table can be bookmarked. The sorted column says so with
 * aria-sort; choosing it again turns the order round.
 */
export function SortHeader({
  column,
  label,
  sorted,
  anchor,
  firstOrder = "ascending",
}: {
  column: string;
  label: string;
  sorted: { sort: string; order: SortOrder };
  /** The table's id, so the page opens at the table. */
  anchor: string;
  /** The order a first choice of this column gives (highest first suits scores and dates). */
  firstOrder?: SortOrder;
}) {
  const current = sorted.sort === column;
  const next: SortOrder = current ? (sorted.order === "ascending" ? "descending" : "ascending") : firstOrder;
  return (
    <th scope="col" className="py-2 pr-4" aria-sort={current ? sorted.order : undefined}>
      <Link to={`?sort=${column}&order=${next}#${anchor}`} preventScrollReset className="text-brand-800 underline">
        {label}
        <span className="sr-only">, sort {next}</span>
        {current && <span aria-hidden="true">{sorted.order === "ascending" ? " ▲" : " ▼"}</span>}
      </Link>
    </th>
  );
}
