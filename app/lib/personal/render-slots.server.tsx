import { createContext, Fragment, useContext, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { RecentlyUsed } from "../recently-used.ts";
import type { PersonalPart, SlotRecord } from "./personal-slot.tsx";
import { scriptSafeJson } from "./shared-values.server.ts";

/** Between two slots' markup in one render; no part renders an empty template. */
const separator = "<template></template>";

/** The location React Router renders a page at for a request to `address`: its query as URLSearchParams writes it, without `_routes`. */
function routerLocation(address: string): string {
  const url = new URL(address, "http://localhost");
  const query = new URLSearchParams(url.search);
  query.delete("_routes");
  const search = query.toString();
  return url.pathname + (search ? `?${search}` : "");
}

const PartsToRender = createContext<ReactNode>(null);
const Parts = () => useContext(PartsToRender);

/** Routers by location, made once each: nothing navigates them, and making one costs more than the parts' render. */
const routers = new Map<string, ReturnType<typeof createMemoryRouter>>();
const routersKept = 1000;

function routerAt(location: string) {
  let router = routers.get(location);
  if (!router) {
    if (routers.size >= routersKept) routers.delete(routers.keys().next().value!);
    router = createMemoryRouter([{ path: "*", Component: Parts }], { initialEntries: [location] });
    routers.set(location, router);
  }
  return router;
}

/** Markup of the parts that name their variants, by part and variant. */
const markupOfVariants = new WeakMap<object, Map<string, string>>();
const variantsKept = 50;

/**
 * Markup of the other parts, by what decides it: the location, the slot, its props and its person
 * (or what of the person the part says decides it: `decidedBy`). A part is a pure function of
 * those, so a class of learners at the same point of a course, or one person reloading, is
 * rendered once; the least recently used go first.
 */
const markupByInput = new RecentlyUsed<string, string>(4000);

/**
 * Short names for long texts, the same for equal texts: the markup's keys are looked up for each
 * slot of each request, and a map's lookup hashes its whole key (2–3 µs for a key of a few hundred
 * characters). Forgetting them only costs renders: a name once given never names another text.
 */
function shortNames(kept: number): (text: string) => string {
  const names = new Map<string, string>();
  let given = 0;
  return (text) => {
    let name = names.get(text);
    if (name === undefined) {
      if (names.size >= kept) names.clear();
      name = String(++given);
      names.set(text, name);
    }
    return name;
  };
}

/** A slot's id and props (a lesson video's list its media: kilobytes of JSON), named once per slot record. */
const slotNames = new WeakMap<SlotRecord, string>();
const nameOfSlotInput = shortNames(20_000);

function slotNameOf(slot: SlotRecord): string {
  let name = slotNames.get(slot);
  if (name === undefined) slotNames.set(slot, (name = nameOfSlotInput(`${slot.id}\0${JSON.stringify(slot.props)}`)));
  return name;
}

/** A person's data (a learner's progress in a course runs to hundreds of characters), named once per request. */
const nameOfPersonJson = shortNames(20_000);
const nameOfPerson = (person: unknown) => nameOfPersonJson(scriptSafeJson(person) ?? "undefined");

/** A slot's markup as kept from an earlier render, if it is, and how to keep it once rendered. */
interface KeptMarkup {
  person: unknown;
  markup: string | undefined;
  keep(markup: string): void;
}

const keptAlready = () => {};

function keptMarkupOf(slot: SlotRecord, person: unknown, location: string, personKey: (person: unknown) => string): KeptMarkup {
  const part = slot.part as PersonalPart<object, unknown>;
  const variant = part.variant?.({ ...slot.props, person });
  if (variant !== undefined) {
    let kept = markupOfVariants.get(part);
    if (!kept) markupOfVariants.set(part, (kept = new Map()));
    const variants = kept;
    const markup = variants.get(variant);
    if (markup !== undefined) return { person, markup, keep: keptAlready };
    const keep = (rendered: string) => {
      if (variants.size < variantsKept) variants.set(variant, rendered);
    };
    return { person, markup, keep };
  }
  const decided = part.decidedBy?.({ ...slot.props, person });
  // A person's name is digits (shortNames); what a part says decides it is marked apart from those.
  const input = `${location}\0${slotNameOf(slot)}\0${decided === undefined ? personKey(person) : `=${decided}`}`;
  return { person, markup: markupByInput.get(input), keep: (markup) => markupByInput.set(input, markup) };
}

/**
 * The markup of each slot's part, rendered alone for the page at `address` (path and query) with
 * `personOf(slot)` as its person: in one render, under a router at that address, so links, forms
 * and active states come out as they do within the page. A part rendered before with the same
 * input (or, naming its variant, the same variant) is taken from then.
 */
export function renderSlots(slots: readonly SlotRecord[], personOf: (slot: SlotRecord) => unknown, address: string): string[] {
  const location = routerLocation(address);
  // Most slots of a page share one person's data (a learner's progress): named once.
  const personKeys = new Map<unknown, string>();
  const personKey = (person: unknown) => {
    let key = personKeys.get(person);
    if (key === undefined) personKeys.set(person, (key = nameOfPerson(person)));
    return key;
  };
  // One pass: a course page has a slot per lesson, and an array made per step was a third of this.
  const kept: KeptMarkup[] = [];
  const markup: (string | undefined)[] = [];
  const toRender: number[] = [];
  for (const [index, slot] of slots.entries()) {
    const entry = keptMarkupOf(slot, personOf(slot), location, personKey);
    kept.push(entry);
    markup.push(entry.markup);
    if (entry.markup === undefined) toRender.push(index);
  }
  if (toRender.length === 0) return markup as string[];
  const parts = toRender.map((index) => {
    const slot = slots[index]!;
    const Part = slot.part as (props: { person: unknown }) => ReactNode;
    return (
      <Fragment key={`${index}-${slot.id}`}>
        <template />
        <Part {...slot.props} person={kept[index]!.person} />
      </Fragment>
    );
  });
  const rendered = renderToString(
    <PartsToRender value={parts}>
      <RouterProvider router={routerAt(location)} />
    </PartsToRender>,
  )
    .split(separator)
    .slice(1);
  for (const [position, index] of toRender.entries()) {
    markup[index] = rendered[position] ?? "";
    kept[index]!.keep(markup[index]);
  }
  return markup as string[];
}
