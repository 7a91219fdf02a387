// A page kept for everyone can still greet the person reading it: the few parts that differ per
// person are slots, rendered for a signed-out visitor in the kept page and, for a signed-in
// person, filled in per request (server/page-cache/signed-in-pages.ts) from a small query of
// their own, without rendering the rest of the page again.
import { createContext, useContext, type ReactNode } from "react";

/**
 * What a slot shows: a component of the page's own props (the same for everyone) and the person's
 * data. Its markup is kept by what decides it (app/lib/personal/render-slots.server.tsx), by
 * default the page's address, the props and the whole of the person's data. A part may say less:
 *
 * - `variant`: its markup is one of a few, whatever the page's address and props (a lesson's
 *   badge: finished or not); it is rendered once per variant.
 * - `decidedBy`: what of the person's data decides it, with the address and the props (a lesson's
 *   panel: signed out, finished or not); learners who agree on it share one render.
 *
 * Either must name everything of the person the part shows, or one person gets another's markup.
 */
export type PersonalPart<P extends object, D> = ((props: P & { person: D }) => ReactNode) & {
  variant?: (props: P & { person: D }) => string;
  decidedBy?: (props: P & { person: D }) => string;
};

/** A slot as the page's render met it: enough to render it again, alone, for someone else. */
export interface SlotRecord {
  /** Unique in its page; it marks the slot's element (`data-personal`). */
  id: string;
  tag: "div" | "span";
  // The props' type is the part's own; the record keeps them together, as the slot gave them.
  part: PersonalPart<never, never>;
  props: object;
  /** Which personal data the part reads (app/personal-data.server.ts), as its route declares it. */
  data: string;
  /** What it was given in this render (the signed-out value in a kept page's). */
  person: unknown;
}

const SlotsContext = createContext<Map<string, SlotRecord> | null>(null);

/** Given by the server's render (app/entry.server.tsx), which keeps what its slots were. */
export const SlotRecorder = SlotsContext.Provider;

/**
 * One personal part of a page in an element of its own (`display: contents`, so the layout is
 * the part's), rendered in the page as any component is. Its `part` must render the same alone as
 * within the page: no `useId`, nothing from a context but the router's.
 */
export function PersonalSlot<P extends object, D>({
  id,
  as: Tag = "div",
  data,
  part: Part,
  props,
  person,
}: {
  id: string;
  as?: SlotRecord["tag"];
  data: string;
  part: PersonalPart<P, D>;
  props: P;
  person: D;
}) {
  useContext(SlotsContext)?.set(id, { id, tag: Tag, part: Part as PersonalPart<never, never>, props, data, person });
  return (
    <Tag data-personal={id} className="contents">
      <Part {...props} person={person} />
    </Tag>
  );
}
