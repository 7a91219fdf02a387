import type { QuestionValues } from "../components/question-form.tsx";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { RequestServices } from "#app/context.ts";
import type { StaffActor } from "#app/lib/db/audit-log.server.ts";
import { filesLeftOut } from "#app/lib/forms/form-files.ts";
import { firstUnstorableLine } from "#app/lib/text/text.ts";
import {
  archivedRefusal,
  ownersOnly,
  problemsText,
  refuseForm,
  savedAfter,
  unconfirmed,
  type EditResult,
} from "#app/features/staff/index.server.ts";
import { mayManageTeam, type TeamAccess } from "#app/features/teams/index.ts";
import { readGift } from "../formats/gift.ts";
import { readQuizCsv } from "../formats/quiz-csv.ts";
import { MAX_OPTIONS, QUIZ_IMPORT_MAX_KB } from "../limits.ts";
import {
  addQuestions,
  createQuiz,
  deleteQuestion,
  moveQuestion,
  setQuizStatus,
  updateQuestion,
  updateQuizSettings,
} from "./quiz-editor.server.ts";
import { newQuizSchema, quizSettingsSchema, readQuestionForm } from "./schemas.ts";
import { isWatchNowChoice, notAChoice } from "./watch-now.server.ts";

/** A refused question form: its message(s) and what was typed, to show the form again as it was. */
interface QuestionFormReply {
  form: "question";
  /** The stored question's id; none for the form that adds one. */
  id?: string;
  message: string;
  problems?: string[];
  values: QuestionValues;
}

/** A refused file of questions: why, each problem it has with its line, and what can still be imported of it. */
interface ImportReply {
  form: "import";
  message: string;
  problems?: string[];
  /** The file's text, for "import the questions that can be": nothing is stored until the teacher chooses. */
  partial?: { source: string; format: ImportFormat; fine: number; leftOut: number };
}

type ImportFormat = "gift" | "csv";

type Services = Pick<RequestServices, "db">;
const importTooLarge = `The file is larger than ${QUIZ_IMPORT_MAX_KB} KB.`;
const refuseImport = (message: string, status = 400, problems?: string[], partial?: ImportReply["partial"]) =>
  data<ImportReply>({ form: "import", message, problems, partial }, { status });

/** The text of the questions to import: the chosen file, or (importing what can be) the file's text the page sent back. */
async function importedText(
  formData: FormData,
  intent: "import" | "import-fine",
): Promise<{ text: string; format: ImportFormat } | { refused: string }> {
  const format = formData.get("format");
  if (format !== "gift" && format !== "csv") return { refused: "Choose the file's format: GIFT or CSV." };
  let text: string;
  if (intent === "import-fine") {
    const source = formData.get("source");
    if (typeof source !== "string" || source === "") return { refused: "Choose a file of questions to import." };
    if (new TextEncoder().encode(source).length > QUIZ_IMPORT_MAX_KB * 1024) return { refused: importTooLarge };
    text = source;
  } else {
    // A file far over the limit was left out of the form by the server (app/lib/forms/form-files.ts).
    if (filesLeftOut(formData).has("file")) return { refused: importTooLarge };
    const file = formData.get("file");
    if (!(file instanceof File) || file.size === 0) return { refused: "Choose a file of questions to import." };
    if (file.size > QUIZ_IMPORT_MAX_KB * 1024) return { refused: importTooLarge };
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
    } catch {
      return { refused: "The file is not UTF-8 text. Save it as UTF-8 and import it again." };
    }
  }
  const unstorable = firstUnstorableLine(text);
  if (unstorable !== null) {
    return {
      refused: `Nothing was imported: line ${unstorable} holds a NUL character, which no question can contain. Remove it and import the file again.`,
    };
  }
  return { text, format };
}
const quizPage = (slug: string, saved: string, anchor = "") => redirect(`/staff/quizzes/${slug}?saved=${saved}${anchor}`, 303);

export async function submitNewQuiz(formData: FormData, { db }: Services, actor: StaffActor, owner: string | null) {
  const submission = parseWithZod(formData, { schema: newQuizSchema });
  if (submission.status !== "success") return refuseForm("quiz", problemsText, 400, submission.reply());
  if (!(await isWatchNowChoice(db, submission.value.coursePath)))
    return refuseForm("quiz", problemsText, 400, submission.reply({ fieldErrors: { coursePath: [notAChoice] } }));
  const created = await createQuiz(db, actor, owner, submission.value);
  if (!created.ok)
    return refuseForm("quiz", created.message, created.status, submission.reply({ fieldErrors: { slug: [created.message] } }));
  return quizPage(created.value, "created");
}

function refuseQuestion(id: string | undefined, formData: FormData, problems: string[], status = 400) {
  const text = (name: string) => String(formData.get(name) ?? "");
  return data<QuestionFormReply>(
    {
      form: "question",
      id,
      message: problems.length > 1 ? "The question cannot be saved:" : (problems[0] ?? "The question cannot be saved."),
      problems: problems.length > 1 ? problems : undefined,
      values: {
        format: text("format") || "plain",
        question: text("question"),
        code: text("code"),
        options: Array.from({ length: MAX_OPTIONS }, (_, index) => text(`option${index + 1}`)),
        correct: text("correct"),
        explanation: text("explanation"),
      },
    },
    { status },
  );
}

/** One form of the quiz editor (/staff/quizzes/:slug), told apart by its `intent`. */
export async function submitQuizEdit(formData: FormData, slug: string, { db }: Services, actor: StaffActor, access: TeamAccess) {
  const intent = formData.get("intent");
  const archived = await archivedRefusal(db, "quiz", slug, intent);
  if (archived) return refuseForm("status", archived, 409);
  const id = String(formData.get("id") ?? "");
  const answer =
    <Form extends string>(form: Form, saved: string, anchor = "") =>
    (result: EditResult<unknown>) =>
      result.ok ? quizPage(slug, saved, anchor) : refuseForm(form, result.message, result.status);
  switch (intent) {
    case "settings": {
      const submission = parseWithZod(formData, { schema: quizSettingsSchema });
      if (submission.status !== "success") return refuseForm("settings", problemsText, 400, submission.reply());
      if (!(await isWatchNowChoice(db, submission.value.coursePath)))
        return refuseForm("settings", problemsText, 400, submission.reply({ fieldErrors: { coursePath: [notAChoice] } }));
      return answer("settings", "settings")(await updateQuizSettings(db, actor, slug, submission.value));
    }
    case "publish":
    case "unpublish":
    case "archive":
    case "restore": {
      if (ownersOnly(intent) && !mayManageTeam(access))
        return refuseForm("status", "Only the quiz's owners and administrators can archive or restore it.", 403);
      const confirmation =
        intent === "unpublish"
          ? {
              question: "Unpublish the quiz?",
              consequence:
                "Learners can no longer take it: its address answers “page not found” and it leaves the quiz list. Their attempts and reviews are kept, and publishing it again brings it back.",
              confirmLabel: "Unpublish the quiz",
            }
          : intent === "archive"
            ? await archiveConfirmation(db, slug)
            : null;
      const ask = confirmation && unconfirmed(formData, confirmation);
      if (ask) return ask;
      return answer("status", savedAfter[intent])(await setQuizStatus(db, actor, slug, intent));
    }
    case "question-add":
    case "question-update": {
      const stored = intent === "question-add" ? undefined : id;
      const { draft, problems } = readQuestionForm(formData);
      if (problems.length) return refuseQuestion(stored, formData, problems);
      const saved =
        stored === undefined ? await addQuestions(db, actor, slug, [draft]) : await updateQuestion(db, actor, slug, stored, draft);
      if (!saved.ok) return refuseQuestion(stored, formData, [saved.message], saved.status);
      return quizPage(slug, "question", "#questions");
    }
    case "question-delete": {
      const ask = unconfirmed(formData, {
        question: "Delete this question?",
        consequence:
          "Learners who took the quiz keep it in their attempts' reviews; the next learners will not see it. This cannot be undone.",
        confirmLabel: "Delete the question",
      });
      if (ask) return ask;
      return answer("questions", "question-deleted", "#questions")(await deleteQuestion(db, actor, slug, id));
    }
    case "question-up":
    case "question-down":
      return answer("questions", "order", "#questions")(await moveQuestion(db, actor, slug, id, intent === "question-up" ? "up" : "down"));
    case "import":
    case "import-fine": {
      const source = await importedText(formData, intent);
      if ("refused" in source) return refuseImport(source.refused);
      const reading = source.format === "gift" ? readGift(source.text) : readQuizCsv(source.text);
      const [fine, leftOut] = [reading.questions.length, reading.problems.length];
      // With problems, nothing is stored until the teacher chooses to import the questions that can be.
      if (leftOut > 0 && (intent === "import" || fine === 0)) {
        const message =
          fine === 0
            ? `Nothing was imported: none of the file's questions can be (${leftOut} ${leftOut === 1 ? "problem" : "problems"} below).`
            : `Nothing was imported yet: ${fine} of the file's ${fine + leftOut} questions can be imported; the ${leftOut} below cannot.`;
        return refuseImport(
          message,
          400,
          reading.problems,
          fine > 0 ? { source: source.text, format: source.format, fine, leftOut } : undefined,
        );
      }
      const added = await addQuestions(db, actor, slug, reading.questions, "question.import");
      if (!added.ok) return refuseImport(added.message, added.status);
      return redirect(`/staff/quizzes/${slug}?saved=imported&count=${added.value.length}&left=${leftOut}#questions`, 303);
    }
    default:
      return refuseForm("settings", "This form did not say what to change. Reload the page and try again.", 400);
  }
}

/** What archiving a quiz asks first, naming the courses whose certificate asks for it. */
async function archiveConfirmation(db: Services["db"], slug: string) {
  const certifies = (await db.selectFrom("courses").select("title").where("certificate_quiz", "=", slug).orderBy("title").execute()).map(
    (row) => row.title,
  );
  return {
    question: "Archive the quiz?",
    consequence:
      "Learners can no longer take it: its address answers “page not found” and it leaves the quiz list. Their attempts and reviews are kept. It leaves the staff list for the archived ones, and restoring it brings it back as a draft." +
      (certifies.length
        ? ` It is the certificate quiz of ${certifies.join(", ")}: no one can earn ${certifies.length === 1 ? "that course's certificate" : "those courses' certificates"} until it is restored or the course's rule is changed.`
        : ""),
    confirmLabel: "Archive the quiz",
  };
}
