import { data, type RouterContextProvider, type ServerBuild } from "react-router";
import { servicesContext } from "#app/context.ts";
import { databaseUnavailableReason } from "#app/lib/db/unavailable.server.ts";

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];

/** Requests whose stall is already in the log: a page with several failing loaders logs once. */
const loggedRequests = new WeakSet<Request>();

/**
 * Wraps every loader, action and middleware of the build so that an error saying the database is
 * unavailable becomes a thrown 503 answer. React Router takes a thrown `data()` as an error
 * response: its status becomes the page's (or the data request's) and the route's error boundary
 * shows the retry screen. A plain Error would reach the boundary as "Unexpected Server Error" with
 * 500, its kind erased in production. Wrapping the build, not each route, keeps the decision here.
 */
export function answerDatabaseStallsWith503(build: ServerBuild): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => [id, route && { ...route, module: guardModule(route.module) }]),
  );
  return { ...build, routes };
}

function guardModule(module: RouteModule): RouteModule {
  return {
    ...module,
    ...(module.loader && { loader: guard(module.loader) }),
    ...(module.action && { action: guard(module.action) }),
    ...(module.middleware && { middleware: module.middleware.map(guard) }),
  };
}

function guard<Args extends [{ request: Request; context: Readonly<RouterContextProvider> }, ...unknown[]], Result>(
  routeFunction: (...args: Args) => Result,
) {
  return async (...args: Args): Promise<Awaited<Result>> => {
    try {
      return await routeFunction(...args);
    } catch (error) {
      const reason = databaseUnavailableReason(error);
      if (!reason) throw error;
      const [{ request, context }] = args;
      if (!loggedRequests.has(request)) {
        loggedRequests.add(request);
        // A warning without a stack: the cause is outside the code, and a stall fails many requests.
        context
          .get(servicesContext)
          .logger.warn({ reason, method: request.method, path: new URL(request.url).pathname }, "database unavailable; answered 503");
      }
      throw data({ message: "The database is briefly unavailable." }, { status: 503 });
    }
  };
}
