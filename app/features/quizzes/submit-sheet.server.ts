import { data } from "react-router";
import type { RequestServices } from "#app/context.ts";
import type { SessionUser } from "#app/features/auth/index.server.ts";
import { awardCertificates, coursesPassedBy } from "#app/features/certificates/index.server.ts";
import { committedSoon } from "#app/lib/db/grouped-writes.server.ts";
import { consumeRateLimit } from "#app/lib/http/rate-limit.server.ts";
import { readAnswerSheet } from "./answer-sheet.server.ts";
import { saveAttempt } from "./attempts.server.ts";
import { forgetQuizProgress, keepQuizProgress } from "./progress.server.ts";
import type { CatalogueQuiz } from "./catalogue.server.ts";
import { ATTEMPTS_PER_HOUR, type QuizActionResult } from "./types.ts";

/**
 * One post of a quiz's answer sheet: the next question (a step without JavaScript, or the page's
 * script keeping a signed-in learner's place), the result (kept for a signed-in learner, whose
 * place is then forgotten), or the sheet refused as a whole. Each answer is a QuizActionResult, so
 * the page reads its phase without a cast.
 */
export async function submitAnswerSheet(request: Request, quiz: CatalogueQuiz, user: SessionUser | null, { db }: RequestServices) {
  const { questions } = quiz;
  const reading = readAnswerSheet(quiz.title, questions, await request.formData());
  if (reading.kind === "refused") return data<QuizActionResult>({ phase: "refused", message: reading.message }, { status: 400 });
  if (reading.kind === "next") {
    if (user) await committedSoon(db, (unit) => keepQuizProgress(unit, user.sub, quiz, reading.answered));
    return data<QuizActionResult>({ phase: "question", answered: reading.answered });
  }

  const result = { phase: "result", score: reading.score, total: questions.length } as const;
  if (!user) return data<QuizActionResult>({ ...result, saved: "visitor" });
  // Over the limit the learner still gets the result; only the keeping stops. The place forgotten, the count and the attempt: one commit.
  const attemptId = await committedSoon(db, async (unit) => {
    await forgetQuizProgress(unit, user.sub, quiz.slug);
    const rate = await consumeRateLimit(unit, { key: `quiz-attempts:${user.sub}`, limit: ATTEMPTS_PER_HOUR, windowSeconds: 60 * 60 });
    if (!rate.allowed) return null;
    return saveAttempt(unit, { userSub: user.sub, quizSlug: quiz.slug, questions, choices: reading.choices, score: reading.score });
  });
  // A pass may complete the courses whose certificate asks for this quiz.
  if (attemptId) await awardCertificates(db, user, await coursesPassedBy(db, quiz.slug, (reading.score * 100) / questions.length));
  return data<QuizActionResult>({ ...result, saved: attemptId ? { attemptId } : "limit-reached" });
}
