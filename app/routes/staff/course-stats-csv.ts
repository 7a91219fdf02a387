import { data } from "react-router";
import { servicesContext } from "#app/context.ts";
import { courseStats } from "#app/features/courses/course-stats.server.ts";
import { staffCourse } from "#app/features/courses/editing/course-editor.server.ts";
import { requireTeamAccess } from "#app/features/teams/access.server.ts";
import { csvDownload, csvFile } from "#app/lib/text/csv-file.ts";
import type { Route } from "./+types/course-stats-csv";

/** A course's numbers as CSV: `?table=lessons` (started and finished per lesson) or `?table=questions` (hardest questions). */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  await requireTeamAccess(context, "course", params.slug, url.pathname);
  const { db } = context.get(servicesContext);
  const table = url.searchParams.get("table");
  if (table !== "lessons" && table !== "questions") throw data("Say which table: ?table=lessons or ?table=questions.", { status: 400 });
  if (!(await staffCourse(db, params.slug))) throw data("No such course", { status: 404 });
  const stats = await courseStats(db, params.slug);
  const text =
    table === "lessons"
      ? csvFile(
          ["lesson", "title", "learners_started", "learners_finished"],
          stats.lessons.map((lesson) => [lesson.number, lesson.title, lesson.started, lesson.finished]),
        )
      : csvFile(
          ["quiz", "question", "answers", "wrong", "wrong_share"],
          stats.hardest.map((entry) => [entry.quiz, entry.question, entry.answered, entry.wrong, Number(entry.wrongShare.toFixed(4))]),
        );
  return csvDownload(text, `${params.slug}-${table}.csv`);
}
