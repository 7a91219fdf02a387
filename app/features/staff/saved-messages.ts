/** What the course and lesson editors say after a change, by the `saved` value of the address they return to. */
export const savedMessages: Record<string, string> = {
  created: "The course was created as a draft. Add its lessons, then publish it.",
  details: "The details were saved.",
  published: "The course is published: learners can see it now.",
  unpublished: "The course is a draft again: learners no longer see it.",
  listing: "The card was saved.",
  "listing-removed": "The card was removed from its listing.",
  order: "The lessons' order was saved.",
  "lesson-created": "The lesson was created as a draft.",
  lesson: "The lesson was saved.",
  "lesson-published": "The lesson is published: learners can see it now.",
  "lesson-unpublished": "The lesson is a draft again: learners no longer see it.",
  "lesson-deleted": "The lesson was deleted.",
  video: "The video was saved.",
  captions: "The captions were saved.",
  "captions-removed": "The captions were removed.",
};

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
    imported: `${count ?? "The"} questions were imported and added at the end.`,
  };
  return messages[saved ?? ""] ?? null;
}
