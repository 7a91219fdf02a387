import { data } from "react-router";
import { servicesContext } from "#app/context.ts";
import { courseStats, quizzesLeadingTo } from "#app/features/courses/course-stats.server.ts";
import { staffCourse } from "#app/features/courses/editing/course-editor.server.ts";
import { readResultSort, sortResults, studentResults } from "#app/features/courses/student-results.server.ts";
import { requireTeamAccess } from "#app/features/teams/access.server.ts";
import { csvDownload, csvFile } from "#app/lib/text/csv-file.ts";
import type { Route } from "./+types/course-stats-csv";

const TABLES = ["lessons", "questions", "students"] as const;

/**
 * A course's numbers as CSV: `?table=lessons` (started and finished per lesson), `?table=questions`
 * (hardest questions) or `?table=students` (each learner's results, in the page's sort order).
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  await requireTeamAccess(context, "course", params.slug, url.pathname);
  const { db } = context.get(servicesContext);
  const table = TABLES.find((name) => name === url.searchParams.get("table"));
  if (!table) throw data("Say which table: ?table=lessons, ?table=questions or ?table=students.", { status: 400 });
  if (!(await staffCourse(db, params.slug))) throw data("No such course", { status: 404 });
  const text = table === "students" ? await studentsText(db, params.slug, url) : statsText(table, await courseStats(db, params.slug));
  return csvDownload(text, `${params.slug}-${table}.csv`);
}

function statsText(table: "lessons" | "questions", stats: Awaited<ReturnType<typeof courseStats>>) {
  if (table === "lessons")
    return csvFile(
      ["lesson", "title", "learners_started", "learners_finished"],
      stats.lessons.map((lesson) => [lesson.number, lesson.title, lesson.started, lesson.finished]),
    );
  return csvFile(
    ["quiz", "question", "answers", "wrong", "wrong_share"],
    stats.hardest.map((entry) => [entry.quiz, entry.question, entry.answered, entry.wrong, Number(entry.wrongShare.toFixed(4))]),
  );
}

/** Each learner's results, in the page's sort order; without the course's other numbers, which it does not need. */
async function studentsText(db: Parameters<typeof courseStats>[0], slug: string, url: URL) {
  const { sort, order } = readResultSort(url);
  const [quizzes, published] = await Promise.all([
    quizzesLeadingTo(db, slug),
    db.selectFrom("lessons").select("id").where("course_slug", "=", slug).where("status", "=", "published").execute(),
  ]);
  const students = await studentResults(
    db,
    slug,
    quizzes.map((quiz) => quiz.slug),
  );
  return csvFile(
    ["name", "email", "lessons_finished", "lessons_published", "quiz_attempts", "best_score_percent", "last_active"],
    sortResults(students, sort, order).map((row) => [
      row.name,
      row.email,
      row.lessonsFinished,
      published.length,
      row.quizAttempts,
      row.bestPercent,
      row.lastActivity,
    ]),
  );
}
