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
  notes: "The notes were saved: learners read them on the lesson's page.",
  "lesson-published": "The lesson is published: learners can see it now.",
  "lesson-unpublished": "The lesson is a draft again: learners no longer see it.",
  "lesson-deleted": "The lesson was deleted.",
  video: "The video was saved.",
  captions: "The captions were saved.",
  "captions-removed": "The captions were removed.",
};
