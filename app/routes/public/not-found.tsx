import { data } from "react-router";
import { BadAddressScreen } from "#app/components/bad-address-screen.tsx";
import { NotFoundScreen } from "#app/components/not-found-screen.tsx";
import { isMalformed } from "#app/lib/http/malformed-address.ts";
import { pageMeta } from "#app/lib/http/meta.ts";
import type { Route } from "./+types/not-found";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  ...pageMeta(loaderData?.malformed ? "400 Bad Address" : "404 Page Not Found"),
  { name: "robots", content: "noindex" },
];

/** Any path no other route matches: the 404 screen with status 404, or 400 for an address that cannot be read. */
export function loader({ url }: Route.LoaderArgs) {
  const malformed = isMalformed(url.pathname);
  return data({ malformed }, { status: malformed ? 400 : 404 });
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return loaderData.malformed ? <BadAddressScreen /> : <NotFoundScreen />;
}
