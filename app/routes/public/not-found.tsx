import { data } from "react-router";
import { NotFoundScreen } from "../../components/not-found-screen.tsx";
import { pageMeta } from "../../lib/meta.ts";

export const meta = () => [...pageMeta("404 Page Not Found"), { name: "robots", content: "noindex" }];

/** Any path no other route matches: the 404 screen with status 404. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundScreen />;
}
