import { describe, expect, it } from "vitest";
import type { PersonalPart, SlotRecord } from "#app/lib/personal/personal-slot.tsx";
import { renderSlots } from "#app/lib/personal/render-slots.server.tsx";
import { signedOutProgress, type CourseProgressView } from "../types.ts";
import { CourseRatingPanel, FinishedBadge, FinishedCount, LessonProgressPanel } from "./course-progress-parts.tsx";

/** Learners who differ in every way the course page can show, and some who agree. */
const learner = (progress: Partial<CourseProgressView>): CourseProgressView => ({
  ...signedOutProgress,
  signedIn: true,
  ...progress,
});
const people: CourseProgressView[] = [
  signedOutProgress,
  learner({}),
  learner({ finished: [2], started: true }),
  learner({ finished: [2], started: true, positions: { 1: 42 }, resumeLesson: 1 }),
  learner({ finished: [1, 2], started: true, rating: 4 }),
  learner({ finished: [1], started: true, rating: 4, positions: { 3: 7 } }),
  learner({ started: true, rating: 2 }),
];

const slot = (id: string, part: PersonalPart<never, never>, props: object): SlotRecord => ({
  id,
  tag: "div",
  part,
  props,
  data: "course-progress",
  person: signedOutProgress,
});

describe("the course page's progress parts, kept by what they say decides them", () => {
  const parts = [
    ["lesson-progress", LessonProgressPanel, [1, 2].map((lesson) => ({ course: "java", lesson, pathname: "/courses/java" }))],
    ["lessons-finished", FinishedCount, [{}]],
    ["lesson-finished", FinishedBadge, [{ lesson: 1 }, { lesson: 2 }, { lesson: 3 }]],
    ["course-rating", CourseRatingPanel, [{ course: "java", title: "Java", pathname: "/courses/java" }]],
  ] as const;

  it("show each learner what a render for that learner alone shows", () => {
    for (const [id, part, propsList] of parts) {
      for (const props of propsList) {
        for (const person of people) {
          const kept = renderSlots([slot(id, part as PersonalPart<never, never>, props)], () => person, "/courses/java?lesson=2");
          // The same part under a name of its own, kept by the whole of the person's data.
          const alone = (input: object) => (part as (input: object) => unknown)(input);
          const whole = renderSlots(
            [slot(`${id}-alone`, alone as PersonalPart<never, never>, props)],
            () => person,
            "/courses/java?lesson=2",
          );
          expect(kept, `${id} ${JSON.stringify(props)} for ${JSON.stringify(person)}`).toEqual(whole);
        }
      }
    }
  });
});
