import { redirect } from "react-router";
import { FormPage } from "#app/components/form-page.tsx";
import { getUser } from "#app/features/auth/index.server.ts";
import { pageMeta } from "#app/lib/http/meta.ts";
import type { Route } from "./+types/signed-out";

export const meta = () => [...pageMeta("Signed out"), { name: "robots", content: "noindex" }];

/** Where Log out ends. Someone signed in again (an old tab, the Back button) is sent home instead. */
export function loader({ context }: Route.LoaderArgs) {
  if (getUser(context)) throw redirect("/");
  return null;
}

// Asked for afresh every time: a kept copy would tell someone signed in again that they are not.
export const headers = () => ({ "Cache-Control": "no-store" });

export default function SignedOut() {
  return (
    <FormPage title="Signed out" heading="You are signed out" className="max-w-md">
      <p role="status" className="mt-4">
        You have logged out of eLEARNING. To carry on learning, sign in again.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <a href="/signin" className="btn-primary">
          Sign in again
        </a>
        <a href="/" className="btn-light border border-brand-700">
          Go Back To Home
        </a>
      </div>
    </FormPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";
