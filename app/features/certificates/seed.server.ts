import type { Kysely } from "kysely";
import { raiseContentVersion } from "#app/lib/content-versions/content-versions.server.ts";
import { seedOnFirstStart } from "#app/lib/db/first-start-seed.server.ts";
import type { Database } from "#app/lib/db/schema.ts";

/**
 * Which quiz each seeded course's certificate asks for, passed at 60 %: the course's own quiz, the
 * Java quiz for the Java-based courses, the full-stack quiz for the web courses.
 */
export const seededCertificateQuizzes: Record<string, string> = {
  java: "java",
  dsa: "java",
  "advanced-java": "java",
  react: "react",
  javascript: "javascript",
  html: "fullstack",
  css: "fullstack",
  mysql: "fullstack",
  express: "fullstack",
  nodejs: "fullstack",
  mongodb: "fullstack",
};

/**
 * The seeded courses' completion rules, written once, also into a database seeded before
 * certificates existed; never over a rule a teacher set, and only where the quiz exists.
 */
export async function applyCertificateRulesSeed(db: Kysely<Database>): Promise<boolean> {
  return seedOnFirstStart(db, "certificate-rules", seededCertificateQuizzes, async (trx) => {
    const quizzes = new Set((await trx.selectFrom("quizzes").select("slug").execute()).map((row) => row.slug));
    for (const [course, quiz] of Object.entries(seededCertificateQuizzes)) {
      if (!quizzes.has(quiz)) continue;
      await trx
        .updateTable("courses")
        .set({ certificate_quiz: quiz })
        .where("slug", "=", course)
        .where("certificate_quiz", "is", null)
        .execute();
    }
    await raiseContentVersion(trx, "courses");
  });
}
