// What each route declares in its `handle` (app/lib/http/route-handle.ts), read from the built routes
// for a request's path before React Router runs: the middleware that limit bodies, accept JSON and
// keep pages ask here, so the route module stays the one place that says it.
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { ContentTopic, PageCacheHandle } from "#app/lib/content-versions/page-cache.ts";
import { pageForms, type BodyRule, type RouteHandle } from "#app/lib/http/route-handle.ts";
import type { Config } from "#app/lib/config/env.server.ts";

/** A path answered outside React Router (the lesson video uploads), with what its requests may carry. */
export interface Mount {
  /** Exactly this path, or everything below it when it ends with "/". */
  path: string;
  body: BodyRule;
}

export interface PathDeclarations {
  body: BodyRule;
  /** Takes `application/json` besides forms. */
  takesJson: boolean;
  /** Answers after waiting for something to happen (a long poll), not after rendering: kept out of the render queue. */
  waits: boolean;
  /** The topics a signed-out visitor's page reads when every route of its match may be kept; undefined otherwise. */
  keptTopics(config: Config): ContentTopic[] | undefined;
  /**
   * For a page kept for signed-out visitors whose every route says how it differs for a signed-in
   * person: the personal data its parts read (the root's, and its own route's if any). Undefined when a signed-in person's page is rendered whole.
   */
  personalData(config: Config): string[] | undefined;
}

type Build = ServerBuild | (() => Promise<ServerBuild>);

/** Paths whose declarations are kept: more than the site's pages, few enough to bound memory against made-up addresses. */
const maxRecentPaths = 1000;

type MatchedRoute = RouteObject & { handle?: RouteHandle };

function routeTree(build: ServerBuild): MatchedRoute[] {
  const children = new Map<string | undefined, MatchedRoute[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const node = {
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      handle: route.module.handle as RouteHandle | undefined,
    } as MatchedRoute;
    children.set(route.parentId, [...(children.get(route.parentId) ?? []), node]);
  }
  const attach = (node: MatchedRoute): MatchedRoute =>
    node.index ? node : ({ ...node, children: (children.get(node.id) ?? []).map(attach) } as MatchedRoute);
  return (children.get(undefined) ?? []).map(attach);
}

/** React Router's data request for a page (`/about.data`, `/_root.data` for `/`) is that page's. */
function pagePath(path: string): { path: string; dataRequest: boolean } {
  if (!path.endsWith(".data")) return { path, dataRequest: false };
  const page = path.slice(0, -".data".length);
  return { path: page === "/_root" ? "/" : page, dataRequest: true };
}

const mounted = (mount: Mount, path: string) => {
  const lower = path.toLowerCase().replace(/(.)\/+$/, "$1");
  return mount.path.endsWith("/") ? lower.startsWith(mount.path) : lower === mount.path;
};

function decodable(path: string) {
  try {
    decodeURI(path);
    return true;
  } catch {
    return false;
  }
}

function keptTopicsOf(handles: readonly (RouteHandle | undefined)[], config: Config): ContentTopic[] | undefined {
  const topics = new Set<ContentTopic>();
  for (const handle of handles) {
    const declared: PageCacheHandle["pageCache"] | undefined = handle?.pageCache;
    const reads = typeof declared === "function" ? declared(config) : declared;
    if (!reads) return undefined;
    for (const topic of reads) topics.add(topic);
  }
  return handles.length > 0 ? [...topics] : undefined;
}

function personalDataOf(handles: readonly (RouteHandle | undefined)[], config: Config): string[] | undefined {
  if (!keptTopicsOf(handles, config)) return undefined;
  const names = new Set<string>();
  for (const handle of handles) {
    if (!handle?.signedIn) return undefined;
    if (handle.signedIn !== "same") names.add(handle.signedIn);
  }
  return [...names];
}

/**
 * The declarations for paths of `build` (a function in development, where routes change as they
 * are edited: call `refresh` before each request) and of the `mounts` beside it.
 */
export function routeDeclarations(build: Build, mounts: readonly Mount[]) {
  let tree = typeof build === "function" ? [] : routeTree(build);
  const recent = new Map<string, PathDeclarations>();
  return {
    async refresh() {
      if (typeof build !== "function") return;
      tree = routeTree(await build());
      recent.clear();
    },
    /** Every route a signed-out visitor's page may be kept for, with its full path and the topics its match reads. */
    keptRoutes(config: Config): { id: string; path: string; topics: ContentTopic[] }[] {
      const kept: { id: string; path: string; topics: ContentTopic[] }[] = [];
      const walk = (routes: MatchedRoute[], parentPath: string, parents: (RouteHandle | undefined)[]) => {
        for (const route of routes) {
          const path = route.path ? `${parentPath.replace(/\/$/, "")}/${route.path}` : parentPath;
          const handles = [...parents, route.handle];
          const topics = keptTopicsOf(handles, config);
          if (topics && (route.index || !route.children?.length)) kept.push({ id: route.id!, path: path || "/", topics });
          if (route.children) walk(route.children as MatchedRoute[], path, handles);
        }
      };
      walk(tree, "", []);
      return kept;
    },
    /** `path` as Express's `req.path` gives it (not decoded). */
    of(requestPath: string): PathDeclarations {
      let declarations = recent.get(requestPath);
      if (!declarations) {
        // Matching flattens and ranks every route each time: a post asks twice, so the answers for
        // the paths asked lately are kept (the routes change only in development, which clears them).
        if (recent.size >= maxRecentPaths) recent.clear();
        recent.set(requestPath, (declarations = declarationsOf(requestPath)));
      }
      return declarations;
    },
  };

  function declarationsOf(requestPath: string): PathDeclarations {
    const mount = mounts.find((candidate) => mounted(candidate, requestPath));
    if (mount) return { body: mount.body, takesJson: false, waits: false, keptTopics: () => undefined, personalData: () => undefined };
    const { path, dataRequest } = pagePath(requestPath);
    // A malformed address (/%zz) matches no route here; React Router answers it with the site's page.
    const handles = decodable(path) ? (matchRoutes(tree, path) ?? []).map((match) => (match.route as MatchedRoute).handle) : [];
    const body = handles.findLast((handle) => handle?.body)?.body ?? pageForms;
    return {
      body,
      // The page's own data request posts its forms, never JSON.
      takesJson: body.json === true && !dataRequest,
      waits: handles.at(-1)?.waits === true,
      keptTopics: (config) => keptTopicsOf(handles, config),
      personalData: (config) => personalDataOf(handles, config),
    };
  }
}

export type RouteDeclarations = ReturnType<typeof routeDeclarations>;
