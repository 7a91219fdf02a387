/** What the quiz editor says after a change; `count` is the number of questions imported. */
export function quizSavedMessage(saved: string | null, count: string | null): string | null {
  const messages: Record<string, string> = {
    created: "The quiz was created as a draft. Add its questions, then publish it.",
    settings: "The quiz's settings were saved.",
    published: "The quiz is published: learners can take it now.",
    unpublished: "The quiz is a draft again: learners no longer see it.",
    question: "The question was saved.",
    "question-deleted": "The question was deleted.",
    order: "The questions' order was saved.",
    team: "The team was saved.",
    "team-removed": "They were taken off the team.",
    imported: `${count ?? "The"} questions were imported and added at the end.`,
  };
  return messages[saved ?? ""] ?? null;
}
