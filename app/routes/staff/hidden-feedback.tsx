import { data, Form, Link, redirect } from "react-router";
import { PageHeader } from "#app/components/page-header.tsx";
import { servicesContext } from "#app/context.ts";
import { FeedbackCard } from "#app/features/feedback/components/feedback-card.tsx";
import { hiddenFeedbackPage, moderateHidden } from "#app/features/feedback/moderation.server.ts";
import { requireModerator } from "#app/features/staff/access.server.ts";
import { staffTrail } from "#app/features/staff/breadcrumbs.ts";
import { FormProblem } from "#app/features/staff/components/form-problem.tsx";
import { SavedNotice } from "#app/features/staff/components/publication-section.tsx";
import { ConfirmationPanel, splitConfirmation } from "#app/features/staff/index.ts";
import { unconfirmed } from "#app/features/staff/index.server.ts";
import { errorTitle, pageMeta } from "#app/lib/http/meta.ts";
import { formatCollegeTime } from "#app/lib/text/college-time.ts";
import type { Route } from "./+types/hidden-feedback";

const pagePath = "/staff/feedback";

export const meta = ({ error }: Route.MetaArgs) => pageMeta(error ? errorTitle(error) : "Hidden feedback");

const pageOf = (url: URL) => Math.min(Math.max(Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1, 1), 10_000);

/** Moderators and administrators: the posts hidden from the wall, to show again or delete. */
export async function loader({ url, context }: Route.LoaderArgs) {
  requireModerator(context, pagePath + url.search);
  const page = pageOf(url);
  const { posts, more } = await hiddenFeedbackPage(context.get(servicesContext).db, page);
  // Dates in words on the server only: the browser's own formatting may differ and break hydration.
  return {
    posts: posts.map((post) => ({ ...post, hiddenAtText: formatCollegeTime(post.hiddenAt) })),
    more,
    page,
    saved: url.searchParams.get("saved"),
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const { user } = requireModerator(context, pagePath + url.search);
  const form = await request.formData();
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "");
  if (intent !== "show" && intent !== "delete") return data({ message: "Please use the Show or Delete button." }, { status: 400 });
  const ask =
    intent === "delete" &&
    unconfirmed(form, {
      question: "Delete this feedback for good?",
      consequence: "The post, its picture and its rating are removed for good: it cannot be shown again.",
      confirmLabel: "Delete the feedback",
    });
  if (ask) return ask;
  const outcome = await moderateHidden(context.get(servicesContext).db, user, id, intent);
  if (outcome === "gone") return data({ message: "This feedback was deleted meanwhile. Reload the page." }, { status: 404 });
  if (outcome === "not hidden")
    return data({ message: "This feedback is already on the wall again (another moderator showed it). Reload the page." }, { status: 409 });
  const back = new URLSearchParams({ saved: intent === "show" ? "shown" : "deleted" });
  if (pageOf(url) > 1) back.set("page", String(pageOf(url)));
  return redirect(`${pagePath}?${back}`, 303);
}

const savedText: Record<string, string> = {
  shown: "The feedback is on the wall again.",
  deleted: "The feedback was deleted.",
};

export default function HiddenFeedback({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { confirmation, reply } = splitConfirmation(answer);
  const { posts, more, page, saved } = loaderData;
  return (
    <>
      <PageHeader title="Hidden feedback" trail={staffTrail.area} />
      {confirmation && <ConfirmationPanel confirmation={confirmation} />}
      <div className="section mx-auto max-w-3xl space-y-8">
        <SavedNotice message={saved ? (savedText[saved] ?? null) : null} />
        {/* Above the list: the post it is about may no longer be in it. */}
        <FormProblem message={reply?.message} />
        <p>
          Posts a moderator hid from the <Link to="/feedback">feedback wall</Link>, most recently hidden first. Their authors still see
          them; no one else does until a moderator shows them again.
        </p>
        {posts.length === 0 ? (
          <p className="text-muted">{page > 1 ? "No more hidden posts." : "No feedback is hidden."}</p>
        ) : (
          <>
            <h2 id="hidden-posts-heading" className="section-title">
              Hidden posts
            </h2>
            <ul aria-labelledby="hidden-posts-heading" className="grid gap-6">
              {posts.map((post) => (
                <li key={post.id}>
                  <FeedbackCard post={post}>
                    <p className="mt-2 text-sm text-muted">
                      Hidden {post.hiddenBy ? `by ${post.hiddenBy} ` : ""}on <time dateTime={post.hiddenAt}>{post.hiddenAtText}</time>
                    </p>
                    <Form method="post" className="mt-3 flex flex-wrap gap-3" aria-label={`Moderate the feedback of ${post.name}`}>
                      <input type="hidden" name="id" value={post.id} />
                      <button type="submit" name="intent" value="show" className="btn-light border border-brand-700">
                        Show on the wall again
                      </button>
                      <button type="submit" name="intent" value="delete" className="btn bg-red-700 text-white hover:bg-red-800">
                        Delete
                      </button>
                    </Form>
                  </FeedbackCard>
                </li>
              ))}
            </ul>
          </>
        )}
        <nav aria-label="Pages of hidden posts" className="flex gap-4">
          {page > 1 && <Link to={page === 2 ? pagePath : `${pagePath}?page=${page - 1}`}>Newer</Link>}
          {more && <Link to={`${pagePath}?page=${page + 1}`}>Older</Link>}
        </nav>
      </div>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";
