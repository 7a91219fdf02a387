/** What the quiz editor says after a change; `count` is the number of questions imported, `left` how many of the file's were left out. */
export function quizSavedMessage(saved: string | null, count: string | null, left: string | null): string | null {
  const leftOut = Number(left ?? 0);
  const messages: Record<string, string> = {
    created: "The quiz was created as a draft. Add its questions, then publish it.",
    settings: "The quiz's settings were saved.",
    published: "The quiz is published: learners can take it now.",
    unpublished: "The quiz is a draft again: learners no longer see it.",
    archived: "The quiz is archived: learners no longer see it, and their attempts are kept.",
    restored: "The quiz is restored as a draft: publish it when it is ready.",
    question: "The question was saved.",
    "question-deleted": "The question was deleted.",
    order: "The questions' order was saved.",
    team: "The team was saved.",
    "team-removed": "They were taken off the team.",
    imported: `${count === "1" ? "1 question was" : `${count ?? "The"} questions were`} imported and added at the end.${leftOut > 0 ? ` ${leftOut} of the file's questions ${leftOut === 1 ? "was" : "were"} left out.` : ""}`,
  };
  return messages[saved ?? ""] ?? null;
}
