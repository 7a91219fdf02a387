import { NotFoundScreen } from "#app/components/not-found-screen.tsx";
import { pageMeta } from "#app/lib/http/meta.ts";

export const meta = () => [...pageMeta("404 Page Not Found"), { name: "robots", content: "noindex" }];

/** The error screen as a page of its own (the /pages dropdown links it). */
export default function ErrorPage() {
  return <NotFoundScreen />;
}
