import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, openTestDatabase } from "#tests/setup/databases.ts";
import { changeContent, raiseContentVersion, readContentVersions } from "../content-versions/content-versions.server.ts";
import { ContentVersionNotRaised } from "./content-write-guard.server.ts";

const post = (id: string) => ({
  id,
  name: "Meena R",
  comment: "Clear lessons.",
  image: null,
  rating: 4,
  created_at: "2026-11-26T06:00:00.000Z",
  author_sub: null,
  author_token_hash: null,
  hidden_at: null,
  hidden_by: null,
});

describe.each(engines)("changes to content on %s", (engine) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });
  afterAll(() => database?.close());

  const posts = async () => (await database.db.selectFrom("feedback_posts").select("id").execute()).map((row) => row.id);
  const feedbackVersion = async () => (await readContentVersions(database.db)).get("feedback") ?? 0;

  it("are refused outside a transaction, before they run", async () => {
    await expect(database.db.insertInto("feedback_posts").values(post("0000000000000000000000a1")).execute()).rejects.toThrow(
      ContentVersionNotRaised,
    );
    await expect(sql`delete from feedback_posts`.execute(database.db)).rejects.toThrow(
      /feedback_posts must raise the content version of feedback/,
    );
    expect(await posts()).toEqual([]);
  });

  it("are rolled back when their transaction does not raise the version of what they changed", async () => {
    const before = await feedbackVersion();
    const change = database.db.transaction().execute(async (trx) => {
      await trx.insertInto("feedback_posts").values(post("0000000000000000000000a2")).execute();
      await raiseContentVersion(trx, "courses");
    });
    await expect(change).rejects.toThrow("A change to feedback_posts must raise the content version of feedback");
    expect(await posts()).toEqual([]);
    expect(await feedbackVersion()).toBe(before);
  });

  it("are stored with the version raised in the same transaction", async () => {
    const before = await feedbackVersion();
    await changeContent(database.db, "feedback", (trx) =>
      trx.insertInto("feedback_posts").values(post("0000000000000000000000a3")).execute(),
    );
    expect(await posts()).toEqual(["0000000000000000000000a3"]);
    expect(await feedbackVersion()).toBe(before + 1);
  });

  it("leave every other table alone", async () => {
    await database.db
      .insertInto("newsletter_subscriptions")
      .values({ id: "n1", email: "learner@example.com", created_at: "2026-11-26" })
      .execute();
    expect(await database.db.selectFrom("newsletter_subscriptions").select("email").execute()).toEqual([{ email: "learner@example.com" }]);
  });
});
