// Nothing acknowledged is lost: a crowd of newsletter sign-ups and lesson progress posts reaches
// two workers, which commit them in groups (app/lib/db/grouped-writes.server.ts), and every
// process of the site is killed with SIGKILL in the middle of it. Every post that was answered
// as stored must be in the database afterwards, on both engines.
import { Agent, request } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { engines } from "../setup/databases.ts";
import { sessionCookieOf } from "../setup/sessions.ts";
import { startSite, type RunningSite } from "../setup/server.ts";
import { until } from "../setup/waiting.ts";

const learnerCount = 8;

function post(port: number, agent: Agent, path: string, fields: Record<string, string>, headers: Record<string, string>) {
  const body = new URLSearchParams(fields).toString();
  return new Promise<number>((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        agent,
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body), ...headers },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode!));
        response.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe.each(engines)("acknowledged posts after a crash on %s", (engine) => {
  let site: RunningSite | undefined;
  afterEach(async () => {
    if (!site) return;
    // Killed by the test, or by this if the test failed before: then only its database is left.
    try {
      process.kill(-site.pid, "SIGKILL");
    } catch {
      // gone already
    }
    await site.exited;
    await site.database.drop();
    site = undefined;
  });

  it("keeps every sign-up and every progress report it answered, when every process is killed mid-crowd", { timeout: 60_000 }, async () => {
    site = await startSite({ WEB_CONCURRENCY: "2", TRUST_PROXY: "1" }, engine, { ownProcessGroup: true });
    const { port } = new URL(site.url);
    const handle = site.database.open();
    try {
      const cookies: string[] = [];
      for (let index = 0; index < learnerCount; index++) {
        const person = { sub: `crash-learner-${index}`, name: `Crash Learner ${index}`, email: `crash-learner-${index}@example.com` };
        cookies.push(await sessionCookieOf(handle.db, person));
      }
      // The course's lessons in order: a report names its lesson by number.
      const lessons = (
        await handle.db.selectFrom("lessons").select("id").where("course_slug", "=", "java").orderBy("position").execute()
      ).map((row) => row.id);

      // Each progress report is for a learner and lesson of its own, so a stored row is that report's.
      const signedUp: string[] = [];
      const reported: Array<{ learner: number; lesson: string; position: number }> = [];
      let sent = 0;
      let progressSent = 0;
      let crashed = false;
      const client = async (number: number) => {
        const agent = new Agent({ keepAlive: true, maxSockets: 1 });
        while (!crashed) {
          const index = sent++;
          const forwardedFor = { "X-Forwarded-For": `10.2.${(index >> 8) & 255}.${index & 255}`, Origin: site!.url };
          try {
            if (number % 2 === 0) {
              const email = `crash-${engine}-${index}@example.com`;
              const status = await post(Number(port), agent, "/newsletter", { email }, forwardedFor);
              if (status === 200) signedUp.push(email);
            } else {
              const report = progressSent++;
              const learner = report % learnerCount;
              const lessonNumber = 1 + Math.floor(report / learnerCount);
              const lesson = lessons[lessonNumber - 1];
              if (!lesson) break;
              const position = 1 + (report % 500);
              const status = await post(
                Number(port),
                agent,
                "/progress",
                { course: "java", lesson: String(lessonNumber), position: String(position) },
                {
                  ...forwardedFor,
                  Cookie: cookies[learner]!,
                },
              );
              if (status === 204) reported.push({ learner, lesson, position });
            }
          } catch {
            // Cut off by the crash: not acknowledged.
          }
        }
        agent.destroy();
      };
      const clients = Array.from({ length: 12 }, (_, number) => client(number));
      await until(() => signedUp.length >= 40 && reported.length >= 40, "posts acknowledged before the crash", 30_000);
      process.kill(-site.pid, "SIGKILL");
      crashed = true;
      await Promise.all(clients);
      await site.exited;

      const storedEmails = new Set(
        (await handle.db.selectFrom("newsletter_subscriptions").select("email").where("email", "like", `crash-${engine}-%`).execute()).map(
          (row) => row.email,
        ),
      );
      expect(signedUp.filter((email) => !storedEmails.has(email))).toEqual([]);
      const storedProgress = await handle.db
        .selectFrom("lesson_progress")
        .select(["user_sub", "lesson_id", "position_seconds"])
        .where("user_sub", "like", "crash-learner-%")
        .execute();
      const position = new Map(storedProgress.map((row) => [`${row.user_sub} ${row.lesson_id}`, row.position_seconds]));
      expect(reported.filter((report) => position.get(`crash-learner-${report.learner} ${report.lesson}`) !== report.position)).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
