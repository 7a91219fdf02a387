import { servicesContext } from "#app/context.ts";
import { receiveBrowserErrorReport } from "#app/features/error-reporting/receive.server.ts";
import type { Route } from "./+types/errors";

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
