import { sql } from "kysely";
import { matchPath } from "react-router";
import { describe, expect, it } from "vitest";
import { contentTables } from "#app/lib/content-versions/content-versions.server.ts";
import { learnerNumbers, type ContentTopic } from "#app/lib/content-versions/page-cache.ts";
import { engines } from "../setup/databases.ts";
import { siteForTests } from "../setup/server.ts";
import { until } from "../setup/waiting.ts";

// A page kept for signed-out visitors is sent as stored until a topic it names changes version
// (docs/decisions/005-page-cache.md). It stays right only if it reads nothing but the tables of
// the topics it names: changes to those raise their version, which the database handle enforces
// (app/lib/db/content-write-guard.server.ts). The kept routes come from the site's own route
// declarations, their addresses from the links of its pages, and what each page reads from the
// tables its queries name (logged at debug level): no list of them is kept by hand here.

interface KeptRoute {
  id: string;
  path: string;
  topics: ContentTopic[];
}

/** Read by every kept page: the versions themselves, which say when the page is out of date. */
const versionTable = "content_versions";

const tablesOf = (topic: ContentTopic): readonly string[] =>
  topic === "media" ? [] : topic === "learner-numbers" ? learnerNumbers.tables : contentTables[topic];
const tablesOfTopics = (topics: readonly ContentTopic[]) => new Set<string>([versionTable, ...topics.flatMap(tablesOf)]);

/** Addresses of this site that a page links to, without query or fragment. */
const linksOf = (html: string) =>
  [...html.matchAll(/href="(\/[^"#?]*)/g)]
    .map(([, href]) => href!)
    .filter((href) => !href.startsWith("//") && !href.startsWith("/assets/"));

/** How many addresses of one route are read: a route's pages read alike. */
const addressesPerRoute = 3;

describe.each(engines)("what kept pages read on %s", (engine) => {
  const site = siteForTests({ LOG_LEVEL: "debug" }, engine);

  const keptRoutes = () => {
    const declared = site.server.logs.find((entry) => entry.msg === "route declarations");
    expect(declared, "the site logs its route declarations at debug level").toBeDefined();
    return declared!.keptRoutes as KeptRoute[];
  };

  /** The tables named by the queries of one signed-out request, and its page. */
  async function read(address: string) {
    const response = await fetch(`${site.server.url}${address}`, { redirect: "manual" });
    const html = await response.text();
    const requestId = response.headers.get("x-request-id")!;
    await until(
      () => site.server.logs.some((entry) => entry.requestId === requestId && entry.msg === "request"),
      `the log line of ${address}`,
    );
    const tables = new Set(
      site.server.logs
        .filter((entry) => entry.requestId === requestId && entry.msg === "query")
        .flatMap((entry) => entry.tables as string[]),
    );
    return { status: response.status, html, tables };
  }

  it("names only tables of the topics its routes declare, for every kept route", async () => {
    const routes = keptRoutes();
    expect(routes.map((route) => route.path)).toEqual(expect.arrayContaining(["/", "/feedback", "/courses/*", "/test/:quiz"]));
    const fixed = routes.filter((route) => !/[:*]/.test(route.path));
    const links = new Set<string>();
    const problems: string[] = [];
    const check = async (route: KeptRoute, address: string) => {
      const { status, html, tables } = await read(address);
      expect(status, address).toBe(200);
      for (const link of linksOf(html)) links.add(link);
      const allowed = tablesOfTopics(route.topics);
      const outside = [...tables].filter((table) => !allowed.has(table));
      if (outside.length > 0)
        problems.push(`${address} (route ${route.id}, declares ${route.topics.join(", ") || "nothing"}) reads ${outside.join(", ")}`);
      return tables;
    };
    let readSomething = false;
    for (const route of fixed) readSomething = (await check(route, route.path)).size > 0 || readSomething;
    expect(readSomething, "the queries of requests are in the log").toBe(true);

    for (const route of routes.filter((candidate) => /[:*]/.test(candidate.path))) {
      const addresses = [...links].filter(
        (link) =>
          matchPath({ path: route.path, caseSensitive: false }, link) &&
          !fixed.some((other) => matchPath({ path: other.path, caseSensitive: false }, link)),
      );
      expect(addresses.length, `a page links to an address of ${route.path}`).toBeGreaterThan(0);
      for (const address of addresses.slice(0, addressesPerRoute)) await check(route, address);
    }
    expect(problems).toEqual([]);
  });

  it("has the tables it names for each topic", async () => {
    const tables = new Set((await site.db.introspection.getTables()).map((table) => table.name));
    // SQLite's full-text index is a virtual table, which introspection leaves out.
    if (engine === "sqlite") {
      const fts = await sql<{ name: string }>`select name from sqlite_master where name = 'books_fts'`.execute(site.db);
      for (const row of fts.rows) tables.add(row.name);
    }
    const named = Object.values(contentTables).flat();
    expect(named.filter((table) => !tables.has(table) && !(engine === "postgres" && table === "books_fts"))).toEqual([]);
  });
});
