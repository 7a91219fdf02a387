import { servicesContext } from "#app/context.ts";
import { receiveBrowserErrorReport } from "#app/features/error-reporting/receive.server.ts";
import { pageFormsOrJson, type RouteHandle } from "#app/lib/http/route-handle.ts";
import type { Route } from "./+types/errors";

/** The browser's error reports arrive as JSON. */
export const handle: RouteHandle = { body: pageFormsOrJson };

/** Where pages report the errors that happen in the browser (app/entry.client.tsx). */
export function action({ request, context }: Route.ActionArgs) {
  return receiveBrowserErrorReport(request, context.get(servicesContext));
}

/** Nothing to read here. */
export function loader() {
  return new Response("Pages send their errors here with POST; there is nothing to read.", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" },
  });
}
