import { Form, Link } from "react-router";
import { PageHeader } from "#app/components/page-header.tsx";
import { SelectField } from "#app/components/select-field.tsx";
import { TextField } from "#app/components/text-field.tsx";
import { servicesContext } from "#app/context.ts";
import { requireAdmin } from "#app/features/staff/access.server.ts";
import { staffTrail } from "#app/features/staff/breadcrumbs.ts";
import { FormProblem } from "#app/features/staff/components/form-problem.tsx";
import { SavedNotice } from "#app/features/staff/components/publication-section.tsx";
import { mentorsAction, mentorsPage } from "#app/features/mentorship/staff-pages.server.ts";
import { errorTitle, pageMeta } from "#app/lib/http/meta.ts";
import type { Route } from "./+types/mentors";

const pagePath = "/staff/mentors";

export const meta = ({ error }: Route.MetaArgs) => pageMeta(error ? errorTitle(error) : "Mentors");

const savedWords: Record<string, string> = {
  enabled: "Saved: they are a mentor now, and can set their office hours on their Mentoring page.",
  disabled: "They are no longer a mentor. Sessions already booked stay booked.",
};

/** Administrators: who mentors, turned on and off, and how much each is used. */
export async function loader({ url, context }: Route.LoaderArgs) {
  requireAdmin(context, pagePath);
  return { ...(await mentorsPage(context.get(servicesContext))), saved: savedWords[url.searchParams.get("saved") ?? ""] ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = requireAdmin(context, pagePath);
  return mentorsAction(context.get(servicesContext), user, request);
}

export default function Mentors({ loaderData, actionData }: Route.ComponentProps) {
  const { usage, teamCards, saved } = loaderData;
  const enableError = (field: string) => (actionData?.form === "enable" ? actionData.result?.error?.[field]?.[0] : undefined);
  const typedEmail =
    actionData?.form === "enable" ? (actionData.result?.initialValue as { email?: unknown } | undefined)?.email : undefined;
  return (
    <>
      <PageHeader title="Mentors" trail={staffTrail.area} />
      <div className="section max-w-5xl space-y-10">
        <SavedNotice message={saved} />
        <section aria-labelledby="enable-heading">
          <h2 id="enable-heading" className="text-xl font-bold">
            Make a teacher a mentor
          </h2>
          <Form method="post" className="mt-3 grid gap-4 sm:grid-cols-[2fr_1fr_auto] sm:items-end">
            <div className="sm:col-span-3">
              <FormProblem message={actionData?.form === "enable" ? actionData.message : undefined} />
            </div>
            <TextField
              id="email"
              name="email"
              type="email"
              label="The teacher's email address"
              hint="They must have signed in once and have the teacher role."
              defaultValue={typeof typedEmail === "string" ? typedEmail : ""}
              error={enableError("email")}
              required
            />
            <SelectField
              id="team_card"
              name="team_card"
              label="Card on the Our Team page"
              placeholder="None"
              options={teamCards.map((name) => ({ value: name, label: name }))}
            />
            <button type="submit" name="intent" value="enable" className="btn-primary">
              Make a mentor
            </button>
          </Form>
        </section>
        <section aria-labelledby="usage-heading">
          <h2 id="usage-heading" className="text-xl font-bold">
            Mentors and their sessions
          </h2>
          <FormProblem message={actionData?.form === "disable" ? actionData.message : undefined} />
          <p className="mt-2">
            <a href="/staff/mentors/usage.csv" download className="underline">
              Download this table (CSV)
            </a>
          </p>
          {usage.length === 0 ? (
            <p className="mt-2 text-muted">No mentor yet.</p>
          ) : (
            <div className="mt-3 overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Sessions per mentor</caption>
                <thead>
                  <tr className="border-b border-gray-300">
                    {[
                      "Mentor",
                      "On the site",
                      "Weekly periods",
                      "Coming up",
                      "Attended",
                      "No-shows",
                      "Not recorded",
                      "Cancelled",
                      "Students",
                      "",
                    ].map((heading) => (
                      <th key={heading || "actions"} scope="col" className="px-2 py-2">
                        {heading || <span className="sr-only">Actions</span>}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {usage.map((row) => (
                    <tr key={row.sub} className="border-b border-gray-200">
                      <th scope="row" className="px-2 py-2 font-medium">
                        {row.enabled ? (
                          <Link to={`/mentorship/${row.slug}`} className="underline">
                            {row.name}
                          </Link>
                        ) : (
                          row.name
                        )}
                      </th>
                      <td className="px-2 py-2">{row.enabled ? "Yes" : "No"}</td>
                      <td className="px-2 py-2">{row.periods}</td>
                      <td className="px-2 py-2">{row.upcoming}</td>
                      <td className="px-2 py-2">{row.attended}</td>
                      <td className="px-2 py-2">{row.noShows}</td>
                      <td className="px-2 py-2">{row.unrecorded}</td>
                      <td className="px-2 py-2">{row.cancelled}</td>
                      <td className="px-2 py-2">{row.students}</td>
                      <td className="px-2 py-2">
                        {row.enabled && (
                          <Form method="post">
                            <input type="hidden" name="sub" value={row.sub} />
                            <button type="submit" name="intent" value="disable" className="underline text-red-800">
                              Stop mentoring<span className="sr-only"> for {row.name}</span>
                            </button>
                          </Form>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";
