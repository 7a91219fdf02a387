import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, openTestDatabase } from "#tests/setup/databases.ts";
import { storeContactMessage } from "./outbox.server.ts";

describe.each(engines)("storeContactMessage on %s", (engine) => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    handle = await openTestDatabase(engine);
  });
  afterAll(() => handle?.close());

  const fields = { name: "Meena Raman", email: "meena.r@example.com", phone: "+91 98400 12345", message: "" };
  const row = (id: string) => handle.db.selectFrom("contact_messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("keeps a message for staff when no delivery is configured", async () => {
    const { id } = await storeContactMessage(handle.db, fields, { kind: "none" });
    expect(await row(id)).toMatchObject({
      ...fields,
      status: "kept",
      attempts: 0,
      next_attempt_at: null,
      claimed_until: null,
      delivered_at: null,
    });
  });

  it("makes a message due at once when it can be delivered", async () => {
    const before = new Date().toISOString();
    for (const delivery of [
      { kind: "smtp", url: "smtp://mail.example", to: "office@college.example" },
      { kind: "form-service", url: "https://forms.example/submit", accessKey: "key" },
    ] as const) {
      const { id } = await storeContactMessage(handle.db, fields, delivery);
      const stored = await row(id);
      expect(stored).toMatchObject({ status: "pending", attempts: 0 });
      expect(stored.next_attempt_at).toBe(stored.created_at);
      expect(stored.created_at >= before).toBe(true);
    }
  });
});
