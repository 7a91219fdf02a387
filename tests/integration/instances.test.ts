import { connect, createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, engines, type TestDatabase } from "../setup/databases.ts";
import { questionsByQuiz } from "#app/content/seeds/quiz-questions/index.server.ts";
import { assignRole } from "#app/features/auth/roles.server.ts";
import { registeredBrowser, registerIn } from "../setup/accounts.ts";
import { startServer, type RunningServer } from "../setup/server.ts";
import { visibleText } from "../setup/html.ts";
import { putOnTeam } from "../setup/teams.ts";
import { TestBrowser } from "../setup/http-client.ts";

// Several instances behind a load balancer share one PostgreSQL database and one public address.
/** A TCP load balancer on a port of its own: each new connection goes to the next instance in turn. */
function roundRobin(targets: () => number[]): Promise<Server> {
  let next = 0;
  const balancer = createServer((client) => {
    const ports = targets();
    const upstream = connect(ports[next++ % ports.length]!, "127.0.0.1");
    client.pipe(upstream).pipe(client);
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
  });
  return new Promise((resolve) => balancer.listen(0, "127.0.0.1", () => resolve(balancer)));
}

describe.runIf(engines.includes("postgres"))("two app instances on one PostgreSQL database", () => {
  let database: TestDatabase;
  let first: RunningServer;
  let second: RunningServer;
  let balancer: Server;
  let publicUrl: string;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    // The balancer binds first, so no instance can take its port.
    balancer = await roundRobin(() => [first, second].map((s) => Number(new URL(s.url).port)));
    publicUrl = `http://127.0.0.1:${(balancer.address() as { port: number }).port}`;
    // Both start at once: migrations and the provider's keys are made once between them.
    // TRUST_PROXY: the test reaches each instance directly too, saying which address was
    // asked for with X-Forwarded-Host, as a proxy does (other addresses are redirected).
    [first, second] = await Promise.all([
      startServer({ ...database.env, PUBLIC_URL: publicUrl, TRUST_PROXY: "1" }),
      startServer({ ...database.env, PUBLIC_URL: publicUrl, TRUST_PROXY: "1" }),
    ]);
  });
  /** Headers of a request for the public address, forwarded to one instance. */
  const asPublicAddress = () => ({ "X-Forwarded-Host": new URL(publicUrl).host });

  afterAll(async () => {
    balancer?.close();
    await Promise.all([first?.stop(), second?.stop()]);
    await database?.drop();
  });

  it("share sign-in: a session started on one is valid on the other", async () => {
    // Through the balancer every step of the sign-in may reach either instance.
    const { browser, email } = await registeredBrowser(publicUrl);
    expect(browser.jar.get("sid")).toBeTruthy();

    for (const instance of [first, second]) {
      const profile = await browser.request(new URL("/profile", instance.url).href, { headers: asPublicAddress() });
      expect(profile.status).toBe(200);
      expect(await profile.text()).toContain(email);
    }
  });

  it("publish the same signing key", async () => {
    const [a, b] = await Promise.all(
      [first, second].map(async (instance) => (await fetch(`${instance.url}/idp/jwks`, { headers: asPublicAddress() })).json()),
    );
    expect(a).toEqual(b);
  });

  it("show a feedback post made through one on the other's kept wall within a second", async () => {
    const wallOf = (instance: RunningServer) => fetch(`${instance.url}/feedback`, { headers: asPublicAddress() });
    // The second instance keeps the wall: asked until it answers from its page cache.
    for (let attempt = 0; (await wallOf(second)).headers.get("x-page-cache") !== "hit"; attempt++) {
      expect(attempt).toBeLessThan(50);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const comment = "Posted through the first instance.";
    const poster = new TestBrowser(first.url, "198.51.100.90");
    const response = await poster.request("/feedback/new", {
      method: "POST",
      headers: { ...asPublicAddress(), "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name: "Divya M", comment, image: "", rating: "5" }),
    });
    expect(response.status).toBe(303);
    const posted = Date.now();
    while (!visibleText(await (await wallOf(second)).text()).includes(comment)) {
      expect(Date.now() - posted).toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  });

  it("show a course published and a question edited through one on the other within a second", async () => {
    const handle = database.open();
    const teacherEmail = `instances-teacher-${process.pid}@college.example`;
    await assignRole(handle.db, teacherEmail, "teacher");
    await putOnTeam(handle.db, "quiz", "java", teacherEmail);
    const teacher = new TestBrowser(publicUrl, "198.51.100.91");
    await registerIn(teacher, teacherEmail, "Teacher On Two Instances");
    const onFirst = (path: string, fields: Record<string, string>) =>
      teacher.request(new URL(path, first.url).href, {
        method: "POST",
        headers: { ...asPublicAddress(), "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      });
    const pageOnSecond = async (path: string) =>
      visibleText(await (await fetch(`${second.url}${path}`, { headers: asPublicAddress() })).text());
    /** How long the second instance took to show `text` at `path`, asking every 25 ms; fails past a second. */
    async function secondShows(path: string, text: string) {
      const changed = Date.now();
      while (!(await pageOnSecond(path)).includes(text)) {
        expect(Date.now() - changed, `${path} shows "${text}"`).toBeLessThan(1000);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }

    // Kept by the second instance's page cache before the changes.
    expect(await pageOnSecond("/courses/mern")).not.toContain("Cloud Basics");
    expect(await pageOnSecond("/test/java")).toContain(questionsByQuiz.java![0]!.question);
    expect((await fetch(`${second.url}/courses/cloud-basics`, { headers: asPublicAddress() })).status).toBe(404);

    expect((await onFirst("/staff/courses/new", { slug: "cloud-basics", title: "Cloud Basics" })).status).toBe(302);
    expect(
      (
        await onFirst("/staff/courses/cloud-basics", {
          intent: "listing-add",
          category: "mern",
          title: "Cloud Basics",
          teacher: "Tara",
          price: "10",
          duration: "2 Hrs",
        })
      ).status,
    ).toBe(303);
    expect((await onFirst("/staff/courses/cloud-basics", { intent: "publish" })).status).toBe(303);
    await secondShows("/courses/mern", "Cloud Basics");
    await secondShows("/courses/cloud-basics", "No lessons yet");

    const [question] = questionsByQuiz.java!;
    const edited = await onFirst("/staff/quizzes/java", {
      intent: "question-update",
      id: question!.id,
      question: "Which keyword declares a constant in Java?",
      option1: "final",
      option2: "const",
      correct: "1",
    });
    expect(edited.status).toBe(303);
    await secondShows("/test/java", "Which keyword declares a constant in Java?");
    await handle.close();
  });
});
