import { data, Link, redirect } from "react-router";
import { PageHeader } from "#app/components/page-header.tsx";
import { servicesContext } from "#app/context.ts";
import { messageAnchor, StaffMessageCard } from "#app/features/contact/components/staff-message-card.tsx";
import { listStaffMessages, markMessageHandled } from "#app/features/contact/staff-messages.server.ts";
import { encodeCursor, staffListQuerySchema, staffMessageActionSchema } from "#app/features/contact/staff-schemas.ts";
import { requireRole } from "#app/features/auth/index.server.ts";
import { moderatorRoles as staffRoles } from "#app/features/auth/roles.ts";
import { errorTitle, pageMeta } from "#app/lib/http/meta.ts";
import { staffTrail } from "#app/features/staff/breadcrumbs.ts";
import type { Route } from "./+types/messages";

const pagePath = "/staff/messages";

export const meta = ({ error }: Route.MetaArgs) => pageMeta(error ? errorTitle(error) : "Contact messages");

/** Moderators and administrators: every contact message, newest first, 20 a page. */
export async function loader({ url, context }: Route.LoaderArgs) {
  requireRole(context, pagePath + url.search, staffRoles);
  const { db } = context.get(servicesContext);
  const query = staffListQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) {
    return data(
      {
        problem: query.error.issues[0]?.message ?? "This address is not valid.",
        filter: "all" as const,
        messages: [],
        older: null,
        later: false,
      },
      { status: 400 },
    );
  }
  const { filter, before } = query.data;
  const page = await listStaffMessages(db, { onlyOpen: filter === "open", before });
  return { problem: null, filter, messages: page.messages, older: page.older && encodeCursor(page.older), later: Boolean(before) };
}

/** Mark as handled / not handled; back to the same place of the same page. */
export async function action({ request, url, context }: Route.ActionArgs) {
  const { user } = requireRole(context, pagePath + url.search, staffRoles);
  const form = await request.formData();
  const parsed = staffMessageActionSchema.safeParse({ intent: form.get("intent") ?? undefined, id: form.get("id") ?? undefined });
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? "This request is not valid." }, { status: 400 });
  const { intent, id } = parsed.data;
  const changed = await markMessageHandled(context.get(servicesContext).db, id, user, intent === "handle");
  if (!changed)
    return data({ error: "There is no message with this id. Reload the page to see the messages as they are now." }, { status: 404 });
  return redirect(`${pagePath}${url.search}#${messageAnchor(id)}`);
}

const filters = [
  { value: "all", label: "All messages", href: pagePath },
  { value: "open", label: "Not handled", href: `${pagePath}?filter=open` },
] as const;

export default function StaffMessages({ loaderData, actionData }: Route.ComponentProps) {
  const { problem, filter, messages, older, later } = loaderData;
  const filterQuery = filter === "open" ? "filter=open&" : "";
  return (
    <>
      <PageHeader title="Contact messages" trail={staffTrail.area} />
      <div className="section mx-auto max-w-4xl">
        {actionData?.error && (
          <p role="alert" className="mb-6 rounded-md bg-red-50 p-4 text-red-800">
            {actionData.error}
          </p>
        )}
        <nav aria-label="Show messages" className="mb-6">
          <ul className="flex flex-wrap gap-3">
            {filters.map((item) => (
              <li key={item.value}>
                <Link
                  to={item.href}
                  aria-current={item.value === filter && !later ? "page" : undefined}
                  className={`inline-block rounded-md border px-4 py-2 font-semibold ${item.value === filter ? "border-brand-800 bg-brand-800 text-white" : "border-gray-400 text-brand-800"}`}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {problem ? (
          <p role="alert" className="rounded-md bg-red-50 p-4 text-red-800">
            {problem}{" "}
            <Link to={pagePath} className="underline">
              Show the newest messages
            </Link>
            .
          </p>
        ) : messages.length === 0 ? (
          <p className="text-muted">{filter === "open" ? "Every message has been handled." : "No contact message has arrived yet."}</p>
        ) : (
          <ol aria-label={filter === "open" ? "Messages not handled, newest first" : "Messages, newest first"} className="grid gap-6">
            {messages.map((message) => (
              <li key={message.id}>
                <StaffMessageCard message={message} />
              </li>
            ))}
          </ol>
        )}
        {(later || older) && (
          <nav aria-label="More messages" className="mt-8 flex flex-wrap justify-between gap-4">
            {later && (
              <Link to={filter === "open" ? `${pagePath}?filter=open` : pagePath} className="btn-light border border-gray-400">
                Newest messages
              </Link>
            )}
            {older && (
              <Link to={`${pagePath}?${filterQuery}before=${encodeURIComponent(older)}`} className="btn-primary ml-auto">
                Older messages
              </Link>
            )}
          </nav>
        )}
      </div>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";
