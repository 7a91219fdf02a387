import { data } from "react-router";
import { servicesContext } from "#app/context.ts";
import { staffQuiz } from "#app/features/quizzes/editing/quiz-editor.server.ts";
import { questionAnalysis } from "#app/features/quizzes/question-analysis.server.ts";
import { requireTeamAccess } from "#app/features/teams/access.server.ts";
import { csvDownload, csvFile } from "#app/lib/text/csv-file.ts";
import type { Route } from "./+types/quiz-results-csv";

/** A quiz's results as CSV, one row per question and option, so a spreadsheet can pivot them either way. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  await requireTeamAccess(context, "quiz", params.slug, url.pathname);
  const { db } = context.get(servicesContext);
  if (!(await staffQuiz(db, params.slug))) throw data("No such quiz", { status: 404 });
  const rows = (await questionAnalysis(db, params.slug)).flatMap((question) =>
    question.options.map((option) => [
      question.number,
      question.question,
      question.asked,
      question.right,
      question.blank,
      question.facility === null ? null : Number(question.facility.toFixed(4)),
      option.option,
      option.right ? "yes" : "no",
      option.chosen,
    ]),
  );
  return csvDownload(
    csvFile(["question_number", "question", "asked", "right", "blank", "facility", "option", "right_answer", "chosen"], rows),
    `${params.slug}-results.csv`,
  );
}
