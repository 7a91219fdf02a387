import { data, Form, Link, redirect, useSearchParams } from "react-router";
import { PageHeader } from "#app/components/page-header.tsx";
import { SelectField } from "#app/components/select-field.tsx";
import { TableHead } from "#app/components/table-head.tsx";
import { TextField } from "#app/components/text-field.tsx";
import { SearchForm } from "#app/features/staff/components/search-form.tsx";
import { servicesContext } from "#app/context.ts";
import { isRole, roles } from "#app/features/auth/roles.ts";
import { requireAdmin } from "#app/features/staff/access.server.ts";
import { FormProblem } from "#app/features/staff/components/form-problem.tsx";
import { SavedNotice } from "#app/features/staff/components/publication-section.tsx";
import {
  changeRole,
  giveRoleByAddress,
  peoplePage,
  roleByAddressSchema,
  setDisabled,
  waitingRoles,
} from "#app/features/staff/people-admin.server.ts";
import { errorTitle, pageMeta } from "#app/lib/http/meta.ts";
import { ConfirmationPanel, splitConfirmation } from "#app/features/staff/index.ts";
import { unconfirmed } from "#app/features/staff/index.server.ts";
import { staffTrail } from "#app/features/staff/breadcrumbs.ts";
import type { Route } from "./+types/accounts";
import { collegeDay } from "#app/lib/text/college-time.ts";

const pagePath = "/staff/accounts";

export const meta = ({ error }: Route.MetaArgs) => pageMeta(error ? errorTitle(error) : "Accounts");

const roleLabels = { student: "Student", teacher: "Teacher", moderator: "Moderator", admin: "Administrator" } as const;

/** Administrators: everyone who has signed in, found by name or address, with their role and whether they may sign in. */
export async function loader({ url, context }: Route.LoaderArgs) {
  requireAdmin(context, pagePath + url.search);
  const { db, config } = context.get(servicesContext);
  const search = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const page = Math.min(Math.max(Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1, 1), 10_000);
  const [{ people, more }, waiting] = await Promise.all([
    peoplePage(db, { search, page, adminEmails: config.ADMIN_EMAILS }),
    waitingRoles(db),
  ]);
  return { people, more, page, search, waiting, saved: url.searchParams.get("saved") };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const { actor } = requireAdmin(context, pagePath + url.search);
  const { db, config } = context.get(servicesContext);
  const form = await request.formData();
  const sub = String(form.get("sub") ?? "");
  const intent = form.get("intent");
  const role = form.get("role");
  if (intent === "role-by-address") {
    const asked = roleByAddressSchema.safeParse({ email: form.get("email") ?? undefined, role: role ?? undefined });
    const typed = String(form.get("email") ?? "");
    if (!asked.success)
      return data({ form: "address" as const, sub, email: typed, message: asked.error.issues[0]!.message }, { status: 400 });
    const given = await giveRoleByAddress(db, actor, asked.data.email, asked.data.role, config.ADMIN_EMAILS);
    if (!given.ok) return data({ form: "address" as const, sub, email: typed, message: given.message }, { status: given.status });
    return redirect(`${backTo(url, "role-by-address")}#by-address`, 303);
  }
  const ask =
    intent === "disable" &&
    unconfirmed(form, {
      question: "Disable this account?",
      consequence:
        "The person is signed out everywhere at once and cannot sign in until an administrator enables the account again. Nothing of theirs is deleted.",
      confirmLabel: "Disable the account",
    });
  if (ask) return ask;
  const result =
    intent === "role" && isRole(role)
      ? await changeRole(db, actor, sub, role, config.ADMIN_EMAILS)
      : intent === "disable" || intent === "enable"
        ? await setDisabled(db, actor, sub, intent === "disable")
        : ({ ok: false, status: 400, message: "This form did not say what to change. Reload the page and try again." } as const);
  if (!result.ok) return data({ form: "person" as const, sub, email: "", message: result.message }, { status: result.status });
  return redirect(backTo(url, String(intent)), 303);
}

/** The page as it was (its search and page), saying what was saved. */
function backTo(url: URL, saved: string) {
  const back = new URLSearchParams(url.search);
  back.set("saved", saved);
  return `${pagePath}?${back}`;
}

const savedText: Record<string, string> = {
  role: "The role was changed. It applies at once to the person's open sessions.",
  disable: "The account was disabled: its sessions have ended and it cannot sign in.",
  enable: "The account was enabled again: the person can sign in.",
  "role-by-address": "The role was given. It applies at the address's next sign-in, and at once to any session it has now.",
};

export default function Accounts({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { confirmation, reply: actionData } = splitConfirmation(answer);
  const { people, more, page, search, waiting, saved } = loaderData;
  const byAddress = actionData?.form === "address" ? actionData : undefined;
  const [params] = useSearchParams();
  const pageLink = (n: number) => {
    const next = new URLSearchParams(params);
    next.delete("saved");
    next.set("page", String(n));
    return `${pagePath}?${next}`;
  };
  return (
    <>
      <PageHeader title="Accounts" trail={staffTrail.area} />
      {confirmation && <ConfirmationPanel confirmation={confirmation} />}
      <div className="section space-y-8">
        <SavedNotice message={(saved && savedText[saved]) || null} />
        <SearchForm id="people-search" label="Name or email" value={search} />
        <FormProblem message={actionData?.form === "person" ? actionData.message : undefined} />
        {people.length === 0 ? (
          <p className="text-muted">{search ? `No one whose name or email contains “${search}”.` : "No one has signed in yet."}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left">
              <caption className="sr-only">People who have signed in, most recent first</caption>
              <thead className="border-b-2 border-gray-300">
                <tr>
                  <th scope="col" className="py-2 pr-4">
                    Person
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Role
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Last sign-in
                  </th>
                  <th scope="col" className="py-2">
                    Account
                  </th>
                </tr>
              </thead>
              <tbody>
                {people.map((person) => (
                  <tr key={person.sub} className="border-b border-gray-200 align-top">
                    <th scope="row" className="py-3 pr-4 font-normal">
                      <span className="font-semibold">{person.name}</span>
                      <br />
                      <span className="text-sm text-muted">{person.email ?? "no email address"}</span>
                    </th>
                    <td className="py-3 pr-4">
                      {person.roleFixed ? (
                        <span>Administrator (ADMIN_EMAILS)</span>
                      ) : (
                        <Form method="post" className="flex flex-wrap gap-2">
                          <input type="hidden" name="sub" value={person.sub} />
                          <label htmlFor={`role-${person.sub}`} className="sr-only">
                            Role of {person.name}
                          </label>
                          <select
                            id={`role-${person.sub}`}
                            name="role"
                            defaultValue={person.role}
                            className="rounded-md border border-gray-400 bg-white px-2 py-1"
                          >
                            {roles.map((role) => (
                              <option key={role} value={role}>
                                {roleLabels[role]}
                              </option>
                            ))}
                          </select>
                          <button
                            type="submit"
                            name="intent"
                            value="role"
                            className="rounded-md border border-gray-400 px-3 py-1"
                            aria-label={`Change the role of ${person.name}`}
                          >
                            Change
                          </button>
                        </Form>
                      )}
                    </td>
                    <td className="py-3 pr-4">
                      <time dateTime={person.last_sign_in_at}>{collegeDay(person.last_sign_in_at)}</time>
                    </td>
                    <td className="py-3">
                      <Form method="post" className="flex flex-wrap items-center gap-2">
                        <input type="hidden" name="sub" value={person.sub} />
                        {person.disabled_at ? (
                          <>
                            <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-sm text-red-900">Disabled</span>
                            <button
                              type="submit"
                              name="intent"
                              value="enable"
                              className="rounded-md border border-gray-400 px-3 py-1"
                              aria-label={`Enable ${person.name}`}
                            >
                              Enable
                            </button>
                          </>
                        ) : (
                          <button
                            type="submit"
                            name="intent"
                            value="disable"
                            className="rounded-md border border-red-400 px-3 py-1 text-red-800"
                            aria-label={`Disable ${person.name}`}
                          >
                            Disable
                          </button>
                        )}
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <nav aria-label="Pages of accounts" className="flex gap-4">
          {page > 1 && <Link to={pageLink(page - 1)}>Previous page</Link>}
          {more && <Link to={pageLink(page + 1)}>Next page</Link>}
        </nav>

        <section id="by-address" aria-labelledby="by-address-heading" className="max-w-2xl scroll-mt-24 space-y-4">
          <h2 id="by-address-heading" className="section-title">
            Give a role by email address
          </h2>
          <p>
            For someone who has not signed in yet, such as a new teacher: the role applies at their first sign-in with this address (when
            the sign-in service vouches for it). To put a teacher on a course's or quiz's team, add their address on that course's or quiz's
            page.
          </p>
          <Form method="post" className="flex flex-wrap items-end gap-3">
            <TextField
              id="address-email"
              name="email"
              type="email"
              label="Email address"
              required
              maxLength={254}
              autoComplete="off"
              defaultValue={byAddress?.email}
              error={byAddress?.message}
            />
            <SelectField
              id="address-role"
              name="role"
              label="Role"
              defaultValue="teacher"
              options={roles.map((role) => ({ value: role, label: roleLabels[role] }))}
            />
            <button type="submit" name="intent" value="role-by-address" className="btn">
              Give the role
            </button>
          </Form>
          {waiting.length > 0 && (
            <table className="w-full text-left">
              <caption className="text-left font-semibold">Roles waiting for a first sign-in</caption>
              <TableHead columns={["Address", "Role", "Given"]} />
              <tbody>
                {waiting.map((entry) => (
                  <tr key={entry.email} className="border-b border-gray-200">
                    <td className="py-2 pr-4">{entry.email}</td>
                    <td className="py-2 pr-4">{isRole(entry.role) ? roleLabels[entry.role] : entry.role}</td>
                    <td className="py-2">
                      <time dateTime={entry.updated_at}>{collegeDay(entry.updated_at)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";
