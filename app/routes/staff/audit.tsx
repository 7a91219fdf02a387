import { Link } from "react-router";
import { PageHeader } from "#app/components/page-header.tsx";
import { SearchForm } from "#app/features/staff/components/search-form.tsx";
import { site } from "#app/content/site.ts";
import { servicesContext } from "#app/context.ts";
import { requireAdmin } from "#app/features/staff/access.server.ts";
import { auditPage } from "#app/features/staff/audit.server.ts";
import { errorTitle, pageMeta } from "#app/lib/http/meta.ts";
import { staffTrail } from "#app/features/staff/breadcrumbs.ts";
import type { Route } from "./+types/audit";

const pagePath = "/staff/audit";

export const meta = ({ error }: Route.MetaArgs) => pageMeta(error ? errorTitle(error) : "Audit log");

/** Administrators: every change made in the staff area, newest first, 50 a page, searchable by who, what or which. */
export async function loader({ url, context }: Route.LoaderArgs) {
  requireAdmin(context, pagePath + url.search);
  const search = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const before = /^[0-9a-f]{24}$/.test(url.searchParams.get("before") ?? "") ? url.searchParams.get("before")! : undefined;
  const { entries, older } = await auditPage(context.get(servicesContext).db, { before, search });
  return { entries, older, search, later: Boolean(before) };
}

/** A stored record, readable: one "field: value" line each. */
function StoredRecord({ json }: { json: string | null }) {
  if (json === null) return <span className="text-muted">none</span>;
  const value = JSON.parse(json) as unknown;
  const text =
    typeof value === "object" && value !== null && !Array.isArray(value)
      ? Object.entries(value)
          .map(([key, field]) => `${key}: ${typeof field === "string" ? field : JSON.stringify(field)}`)
          .join("\n")
      : JSON.stringify(value, null, 1);
  return <pre className="max-h-64 overflow-auto rounded bg-gray-50 p-2 text-xs whitespace-pre-wrap">{text}</pre>;
}

/** A person a change was done to: their name, and their email as they sign in now when known. */
function Person({ name, email }: { name: string; email: string | null }) {
  return (
    <span>
      <span className="font-semibold">{name}</span>
      {email && <span className="text-muted"> ({email})</span>}
    </span>
  );
}

const when = (iso: string) => new Date(iso).toLocaleString("en-IN", { dateStyle: "medium", timeStyle: "medium", timeZone: site.timeZone });

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { entries, older, search, later } = loaderData;
  const query = search ? `q=${encodeURIComponent(search)}&` : "";
  return (
    <>
      <PageHeader title="Audit log" trail={staffTrail.area} />
      <div className="section space-y-8">
        <SearchForm id="audit-search" label="Who (name or email), what or which" value={search} />
        {entries.length === 0 ? (
          <p className="text-muted">
            {search ? `Nothing in the log matches “${search}”.` : "Nothing has been changed in the staff area yet."}
          </p>
        ) : (
          <ol aria-label="Changes, newest first" className="grid gap-4">
            {entries.map((entry) => (
              <li key={entry.id} className="rounded-lg border border-gray-200 p-4">
                <p>
                  <time dateTime={entry.at} className="font-semibold">
                    {when(entry.at)}
                  </time>
                  : <span className="font-semibold">{entry.actor_name}</span> did{" "}
                  <code className="rounded bg-gray-100 px-1">{entry.action}</code> on{" "}
                  {entry.subject_name !== null ? (
                    <>
                      <Person name={entry.subject_name} email={entry.subject_email} />{" "}
                      <code className="rounded bg-gray-100 px-1 text-xs">{entry.subject}</code>
                    </>
                  ) : (
                    <code className="rounded bg-gray-100 px-1">{entry.subject}</code>
                  )}
                </p>
                <details className="mt-2">
                  <summary className="cursor-pointer text-brand-800">Before and after</summary>
                  <div className="mt-2 grid gap-3 md:grid-cols-2">
                    <div>
                      <p className="text-sm font-semibold">Before</p>
                      <StoredRecord json={entry.before} />
                    </div>
                    <div>
                      <p className="text-sm font-semibold">After</p>
                      <StoredRecord json={entry.after} />
                    </div>
                  </div>
                </details>
              </li>
            ))}
          </ol>
        )}
        <nav aria-label="Pages of the log" className="flex gap-4">
          {later && <Link to={search ? `${pagePath}?q=${encodeURIComponent(search)}` : pagePath}>Newest changes</Link>}
          {older && <Link to={`${pagePath}?${query}before=${older}`}>Older changes</Link>}
        </nav>
      </div>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";
