import { createElement } from "react";
import { describe, expect, it } from "vitest";
import type { PersonalPart, SlotRecord } from "./personal-slot.tsx";
import { renderSlots } from "./render-slots.server.tsx";

type Person = { name: string } | null;
const Greeting = ({ lesson, person }: { lesson: number; person: Person }) =>
  createElement("p", null, `Lesson ${lesson} for ${person?.name ?? "a visitor"}`);

/** The same slot of a page, as pages with different props (another lesson, new content) record it. */
const greetingSlot = (lesson: number): SlotRecord => ({
  id: "greeting",
  tag: "div",
  part: Greeting as PersonalPart<never, never>,
  props: { lesson },
  data: "account",
  person: null,
});

describe("a slot's markup, remembered by what decides it", () => {
  it("is rendered again when the slot's props differ, at the same address for the same person", () => {
    const ann = { name: "Ann" };
    const at = (lesson: number, person: Person) => renderSlots([greetingSlot(lesson)], () => person, "/courses/java");
    expect(at(1, ann)).toEqual(["<p>Lesson 1 for Ann</p>"]);
    expect(at(2, ann)).toEqual(["<p>Lesson 2 for Ann</p>"]);
    expect(at(2, { name: "Ben" })).toEqual(["<p>Lesson 2 for Ben</p>"]);
    // Equal data in another object is the same person; a visitor is someone else again.
    expect(at(1, { name: "Ann" })).toEqual(["<p>Lesson 1 for Ann</p>"]);
    expect(at(1, null)).toEqual(["<p>Lesson 1 for a visitor</p>"]);
  });

  it("is rendered once for the people who agree on what the part says decides it", () => {
    let renders = 0;
    type Learner = { name: string; finished: boolean };
    const Badge = Object.assign(
      ({ person }: { person: Learner }) => {
        renders += 1;
        return createElement("span", null, person.finished ? "Finished" : "Not yet");
      },
      { decidedBy: ({ person }: { person: Learner }) => (person.finished ? "finished" : "not yet") },
    );
    const badge: SlotRecord = {
      id: "badge",
      tag: "span",
      part: Badge as PersonalPart<never, never>,
      props: {},
      data: "progress",
      person: null,
    };
    const at = (person: Learner) => renderSlots([badge], () => person, "/courses/css");
    expect(at({ name: "Ann", finished: true })).toEqual(["<span>Finished</span>"]);
    expect(at({ name: "Ben", finished: true })).toEqual(["<span>Finished</span>"]);
    expect(renders).toBe(1);
    expect(at({ name: "Cy", finished: false })).toEqual(["<span>Not yet</span>"]);
    expect(renders).toBe(2);
  });
});
