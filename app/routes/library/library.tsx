import { PageHeader } from "#app/components/page-header.tsx";
import { servicesContext } from "#app/context.ts";
import { getUser, requireUser } from "#app/features/auth/index.server.ts";
import { LibraryView } from "#app/features/library/components/library-view.tsx";
import { handleReadingListPost, loadLibraryPage } from "#app/features/library/page.server.ts";
import { libraryHref } from "#app/features/library/types.ts";
import { errorTitle, pageMeta } from "#app/lib/http/meta.ts";
import { ChatWidget } from "#app/features/help/components/chat-widget.tsx";
import type { Route } from "./+types/library";
import { sameForEveryVisitor } from "#app/lib/content-versions/page-cache.ts";

export const meta = ({ loaderData, error }: Route.MetaArgs) => {
  if (error) return pageMeta(errorTitle(error));
  const search = loaderData?.search;
  if (search) return pageMeta(`${search.text}${search.page > 1 ? ` (page ${search.page})` : ""} – E-Library search`);
  return pageMeta(
    loaderData?.problem ? "E-Library: please check your search" : "E-Library",
    "Search the college library's books and e-books.",
  );
};

export async function loader({ url, context }: Route.LoaderArgs) {
  return loadLibraryPage(context.get(servicesContext), getUser(context), url);
}

/** Save and Remove of the reading list; visitors are sent to sign in and brought back. */
export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData();
  const returnTo = form.get("return_to");
  const signedIn = requireUser(
    context,
    typeof returnTo === "string" && returnTo.startsWith("/library") ? returnTo : libraryHref(url.searchParams, {}),
  );
  return handleReadingListPost(context.get(servicesContext), signedIn.user, form);
}

// With the public books service, results come from elsewhere and change unseen: not kept. A
// signed-in reader's page (their reading list) is rendered whole.
export const handle = sameForEveryVisitor((config) => (config.GOOGLE_BOOKS_API_KEY ? undefined : ["catalogue"]));

export default function ELibrary({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="E-Library" />
      <LibraryView data={loaderData} actionProblem={actionData && "problem" in actionData ? actionData.problem : undefined} />
      <ChatWidget />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";
