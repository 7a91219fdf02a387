import { data } from "react-router";
import { servicesContext } from "#app/context.ts";
import { staffQuiz } from "#app/features/quizzes/editing/quiz-editor.server.ts";
import { writeGift } from "#app/features/quizzes/formats/gift.ts";
import { requireTeamAccess } from "#app/features/teams/access.server.ts";
import type { Route } from "./+types/quiz-export";

/** The quiz's questions as a GIFT file, for Moodle or to edit elsewhere and import again. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  await requireTeamAccess(context, "quiz", params.slug, url.pathname);
  const found = await staffQuiz(context.get(servicesContext).db, params.slug);
  if (!found) throw data("No such quiz", { status: 404 });
  return new Response(writeGift(found.quiz.title, found.questions), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": `attachment; filename="${found.quiz.slug}-quiz.gift"`,
      "Cache-Control": "private, no-store",
    },
  });
}
