import { isBadAddressError } from "./malformed-address.ts";
import { isRouteErrorResponse } from "react-router";
import { site } from "#app/content/site.ts";

/** The document title and description every route's meta starts from. */
export function pageMeta(title: string, description: string = site.tagline) {
  return [{ title: `${title} | ${site.brand}` }, { name: "description", content: description }];
}

/** The title of the error screen a route shows instead of itself. */
export function errorTitle(error: unknown) {
  if (isBadAddressError(error)) return "400 Bad Address";
  if (isRouteErrorResponse(error) && error.status === 404) return "404 Page Not Found";
  if (isRouteErrorResponse(error) && error.status === 403) return "Not allowed";
  if (isRouteErrorResponse(error) && error.status === 503) return "Briefly unavailable";
  return "Unexpected Application Error!";
}
