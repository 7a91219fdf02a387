import { randomBytes } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";
import { recordStaffAction, type StaffActor } from "#app/lib/db/audit-log.server.ts";
import {
  done,
  endPosition,
  notFound,
  refused,
  staffChange,
  statusAfter,
  type EditResult,
  type StatusChange,
} from "#app/features/staff/index.server.ts";
import { addFirstOwner } from "#app/features/teams/index.server.ts";
import type { QuestionDraft } from "./schemas.ts";
import { richTextOf } from "../question-text.server.ts";

const change = <T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<EditResult<T>>) => staffChange(db, "quizzes", work);
const now = () => new Date().toISOString();

type QuestionRow = Database["quiz_questions"];

const draftOf = (row: QuestionRow): QuestionDraft & { id: string } => ({
  ...richTextOf(row),
  id: row.id,
  question: row.question,
  ...(row.code === null ? {} : { code: row.code }),
  options: JSON.parse(row.options) as string[],
  answer: row.answer,
  ...(row.explanation === "" ? {} : { explanation: row.explanation }),
});

const questionRow = (draft: QuestionDraft) => ({
  question: draft.question.trim(),
  code: draft.code?.trim() ? draft.code.replace(/\s+$/, "") : null,
  options: JSON.stringify(draft.options.map((option) => option.trim())),
  answer: draft.answer.trim(),
  explanation: draft.explanation?.trim() ?? "",
  text_format: draft.rich?.format ?? ("plain" as const),
  text_source: draft.rich?.source ?? "",
});

/** Every quiz, drafts included, with its number of questions. */
export async function staffQuizList(db: Kysely<Database>) {
  const [quizzes, counts] = await Promise.all([
    db.selectFrom("quizzes").select(["slug", "title", "status", "updated_at"]).orderBy("position").orderBy("slug").execute(),
    db
      .selectFrom("quiz_questions")
      .select((eb) => ["quiz_slug", eb.fn.countAll<number | string>().as("count")])
      .groupBy("quiz_slug")
      .execute(),
  ]);
  return quizzes.map((quiz) => ({ ...quiz, questions: Number(counts.find((row) => row.quiz_slug === quiz.slug)?.count ?? 0) }));
}

export async function staffQuiz(db: Kysely<Database>, slug: string) {
  const quiz = await db.selectFrom("quizzes").selectAll().where("slug", "=", slug).executeTakeFirst();
  if (!quiz) return undefined;
  const questions = await db
    .selectFrom("quiz_questions")
    .selectAll()
    .where("quiz_slug", "=", slug)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return { quiz, questions: questions.map(draftOf) };
}

/** A new draft quiz; `owner`, the creator's address, becomes its first owner. */
export async function createQuiz(
  db: Kysely<Database>,
  actor: StaffActor,
  owner: string | null,
  fields: { slug: string; title: string; coursePath: string },
) {
  return change(db, async (trx) => {
    if (await trx.selectFrom("quizzes").select("slug").where("slug", "=", fields.slug).executeTakeFirst()) {
      return refused(409, `There is already a quiz at /test/${fields.slug}. Please choose another address.`);
    }
    const row = {
      slug: fields.slug,
      title: fields.title,
      hub_href: `/test/${fields.slug}`,
      plain_link: 0,
      course_path: fields.coursePath,
      status: "draft" as const,
      position: await endPosition(trx, "quizzes"),
      created_at: now(),
      updated_at: now(),
    };
    await trx.insertInto("quizzes").values(row).execute();
    if (owner) await addFirstOwner(trx, "quiz", fields.slug, owner, actor);
    await recordStaffAction(trx, actor, { action: "quiz.create", subject: `quiz:${fields.slug}`, after: { ...row, owner } });
    return done(fields.slug);
  });
}

export async function updateQuizSettings(
  db: Kysely<Database>,
  actor: StaffActor,
  slug: string,
  fields: { title: string; coursePath: string },
) {
  return change(db, async (trx) => {
    const before = await trx.selectFrom("quizzes").selectAll().where("slug", "=", slug).executeTakeFirst();
    if (!before) return notFound("quiz");
    const update = { title: fields.title, course_path: fields.coursePath, updated_at: now() };
    await trx.updateTable("quizzes").set(update).where("slug", "=", slug).execute();
    await recordStaffAction(trx, actor, { action: "quiz.update", subject: `quiz:${slug}`, before, after: { ...before, ...update } });
    return done(undefined);
  });
}

const questionCount = async (trx: Transaction<Database>, slug: string) =>
  Number(
    (
      await trx
        .selectFrom("quiz_questions")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .where("quiz_slug", "=", slug)
        .executeTakeFirst()
    )?.count ?? 0,
  );

export async function setQuizStatus(db: Kysely<Database>, actor: StaffActor, slug: string, statusChange: StatusChange) {
  return change(db, async (trx) => {
    const before = await trx.selectFrom("quizzes").select("status").where("slug", "=", slug).executeTakeFirst();
    if (!before) return notFound("quiz");
    const after = statusAfter(before.status, statusChange, "quiz");
    if (!after.ok) return refused(409, after.message);
    const { status } = after;
    if (status === "published" && (await questionCount(trx, slug)) === 0) return refused(409, "Add a question before publishing the quiz.");
    await trx.updateTable("quizzes").set({ status, updated_at: now() }).where("slug", "=", slug).execute();
    await recordStaffAction(trx, actor, {
      action: `quiz.${statusChange}`,
      subject: `quiz:${slug}`,
      before,
      after: { status },
    });
    return done(undefined);
  });
}

/** Adds questions at the end of the quiz, all or none. */
export async function addQuestions(
  db: Kysely<Database>,
  actor: StaffActor,
  slug: string,
  drafts: readonly QuestionDraft[],
  action = "question.create",
) {
  return change(db, async (trx) => {
    if (!(await trx.selectFrom("quizzes").select("slug").where("slug", "=", slug).executeTakeFirst())) return notFound("quiz");
    const first = await endPosition(trx, "quiz_questions", ["quiz_slug", slug]);
    const rows = drafts.map((draft, index) => ({
      id: `${slug}-${randomBytes(5).toString("hex")}`,
      quiz_slug: slug,
      position: first + index,
      ...questionRow(draft),
    }));
    await trx.insertInto("quiz_questions").values(rows).execute();
    await recordStaffAction(trx, actor, {
      action,
      subject: `quiz:${slug}`,
      after: rows.length === 1 ? rows[0] : { questions: rows.length, ids: rows.map((row) => row.id) },
    });
    return done(rows.map((row) => row.id));
  });
}

export async function updateQuestion(db: Kysely<Database>, actor: StaffActor, slug: string, id: string, draft: QuestionDraft) {
  return change(db, async (trx) => {
    const before = await trx.selectFrom("quiz_questions").selectAll().where("id", "=", id).where("quiz_slug", "=", slug).executeTakeFirst();
    if (!before) return notFound("question");
    const update = questionRow(draft);
    await trx.updateTable("quiz_questions").set(update).where("id", "=", id).execute();
    await recordStaffAction(trx, actor, { action: "question.update", subject: `question:${id}`, before, after: { ...before, ...update } });
    return done(undefined);
  });
}

export async function deleteQuestion(db: Kysely<Database>, actor: StaffActor, slug: string, id: string) {
  return change(db, async (trx) => {
    const before = await trx.selectFrom("quiz_questions").selectAll().where("id", "=", id).where("quiz_slug", "=", slug).executeTakeFirst();
    if (!before) return notFound("question");
    const quiz = await trx.selectFrom("quizzes").select("status").where("slug", "=", slug).executeTakeFirstOrThrow();
    if (quiz.status === "published" && (await questionCount(trx, slug)) === 1) {
      return refused(409, "A published quiz needs a question: unpublish the quiz before deleting its last one.");
    }
    await trx.deleteFrom("quiz_questions").where("id", "=", id).execute();
    await recordStaffAction(trx, actor, { action: "question.delete", subject: `question:${id}`, before });
    return done(undefined);
  });
}

/** Moves a question one place up or down. */
export async function moveQuestion(db: Kysely<Database>, actor: StaffActor, slug: string, id: string, direction: "up" | "down") {
  return change(db, async (trx) => {
    const ids = (
      await trx.selectFrom("quiz_questions").select("id").where("quiz_slug", "=", slug).orderBy("position").orderBy("id").execute()
    ).map((row) => row.id);
    const from = ids.indexOf(id);
    if (from === -1) return notFound("question");
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= ids.length) return done(undefined);
    const order = [...ids];
    [order[from], order[to]] = [order[to]!, order[from]!];
    for (const [position, questionId] of order.entries()) {
      await trx.updateTable("quiz_questions").set({ position }).where("id", "=", questionId).execute();
    }
    await recordStaffAction(trx, actor, { action: "question.reorder", subject: `quiz:${slug}`, before: ids, after: order });
    return done(undefined);
  });
}
