import { describe, expect, it } from "vitest";
import { libraryCatalogue } from "#app/content/seeds/library-catalogue.ts";
import { createTestDatabase, engines } from "../setup/databases.ts";
import { startServer } from "../setup/server.ts";

describe.each(engines)("the library seed at server start on %s", (engine) => {
  it("is applied by the first start and left alone by the next", async () => {
    const database = await createTestDatabase(engine);
    const handle = database.open();
    try {
      const first = await startServer(database.env);
      await first.stop();
      const applied = first.logs.filter((line) => line.msg === "library catalogue seed applied");
      expect(applied).toEqual([expect.objectContaining({ applied: true, added: libraryCatalogue.length, updated: 0, removed: 0 })]);
      const books = await handle.db.selectFrom("books").select(["id", "updated_at"]).where("source", "=", "seed").orderBy("id").execute();
      expect(books).toHaveLength(libraryCatalogue.length);

      const second = await startServer(database.env);
      await second.stop();
      expect(second.logs.some((line) => line.msg === "library catalogue seed applied")).toBe(false);
      expect(await handle.db.selectFrom("books").select(["id", "updated_at"]).where("source", "=", "seed").orderBy("id").execute()).toEqual(
        books,
      );
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});
