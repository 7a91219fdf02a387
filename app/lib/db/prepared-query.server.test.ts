import type { KyselyPlugin } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, openTestDatabase } from "#tests/setup/databases.ts";
import { preparedQuery } from "./prepared-query.server.ts";

describe.each(engines)("a prepared query on %s", (engine) => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    handle = await openTestDatabase(engine);
    const now = new Date().toISOString();
    await handle.db
      .insertInto("course_ratings")
      .values([
        { course_slug: "java", user_sub: "asha", stars: 4, created_at: now, updated_at: now },
        { course_slug: "java", user_sub: "ravi", stars: 2, created_at: now, updated_at: now },
        { course_slug: "python", user_sub: "asha", stars: 5, created_at: now, updated_at: now },
      ])
      .execute();
  });
  afterAll(() => handle?.close());

  it("runs with each call's values, the query's own constants kept, a value used twice filled in twice", async () => {
    let built = 0;
    const stars = preparedQuery((db, course: string, person: string) => {
      built += 1;
      return db
        .selectFrom("course_ratings")
        .select("stars")
        .where("course_slug", "=", course)
        .where((eb) => eb.or([eb("user_sub", "=", person), eb("user_sub", "=", person)]))
        .where("stars", ">", 1)
        .limit(1);
    });
    expect((await stars(handle.db, "java", "asha")).rows).toEqual([{ stars: 4 }]);
    expect((await stars(handle.db, "java", "ravi")).rows).toEqual([{ stars: 2 }]);
    expect((await stars(handle.db, "python", "asha")).rows).toEqual([{ stars: 5 }]);
    expect((await stars(handle.db, "python", "ravi")).rows).toEqual([]);
    expect(built).toBe(1);
  });

  it("is compiled again for another handle, with that handle's plugins", async () => {
    const seen: string[] = [];
    const plugin: KyselyPlugin = {
      transformQuery: ({ node }) => {
        seen.push(node.kind);
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const count = preparedQuery((db, course: string) =>
      db
        .selectFrom("course_ratings")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("course_slug", "=", course),
    );
    const withPlugin = handle.db.withPlugin(plugin);
    expect(Number((await count(handle.db, "java")).rows[0]?.n)).toBe(2);
    expect(Number((await count(withPlugin, "python")).rows[0]?.n)).toBe(1);
    expect(seen).toEqual(["SelectQueryNode"]);
  });

  it("refuses a query that does not take one of its values as a parameter, at its first run", async () => {
    const notAParameter = preparedQuery((db, course: string) =>
      db
        .selectFrom("course_ratings")
        .select("stars")
        .where("course_slug", "=", "java")
        .$if(course === "", (q) => q),
    );
    await expect(notAParameter(handle.db, "java")).rejects.toThrow(/must use each of its values/);
  });
});
