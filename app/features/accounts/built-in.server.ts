import { data, type RouterContextProvider } from "react-router";
import { servicesContext, type RequestServices } from "#app/context.ts";

/**
 * The services of a page about the site's own accounts (passwords, addresses), which exist
 * only with the built-in sign-in: with an external provider, people manage their account there.
 */
export function builtInAccountServices(context: Readonly<RouterContextProvider>): RequestServices {
  const services = context.get(servicesContext);
  if (!services.identityProvider) throw data("Accounts are managed by the college's sign-in service", { status: 404 });
  return services;
}
