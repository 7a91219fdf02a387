import { createContext, Fragment, useContext, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import type { PersonalPart, SlotRecord } from "./personal-slot.tsx";

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
 * Markup of the other parts, by what decides it: the location, the slot, its props and its person.
 * A part is a pure function of those, so a class of learners at the same point of a course, or one
 * person reloading, is rendered once; the least recently used go first.
 */
const markupByInput = new Map<string, string>();
const inputsKept = 4000;

function remembered(key: string): string | undefined {
  const markup = markupByInput.get(key);
  if (markup !== undefined) {
    markupByInput.delete(key);
    markupByInput.set(key, markup);
  }
  return markup;
}

function remember(key: string, markup: string) {
  if (markupByInput.size >= inputsKept) markupByInput.delete(markupByInput.keys().next().value!);
  markupByInput.set(key, markup);
}

/** A slot's markup as kept from an earlier render, if it is, and how to keep it once rendered. */
interface KeptMarkup {
  person: unknown;
  markup: string | undefined;
  keep(markup: string): void;
}

function keptMarkupOf(slot: SlotRecord, person: unknown, location: string): KeptMarkup {
  const part = slot.part as PersonalPart<object, unknown>;
  const variant = part.variant?.({ ...slot.props, person });
  if (variant !== undefined) {
    let kept = markupOfVariants.get(part);
    if (!kept) markupOfVariants.set(part, (kept = new Map()));
    const variants = kept;
    const keep = (markup: string) => {
      if (variants.size < variantsKept) variants.set(variant, markup);
    };
    return { person, markup: variants.get(variant), keep };
  }
  const input = `${location}\0${slot.id}\0${JSON.stringify(slot.props)}\0${JSON.stringify(person)}`;
  return { person, markup: remembered(input), keep: (markup) => remember(input, markup) };
}

/**
 * The markup of each slot's part, rendered alone for the page at `address` (path and query) with
 * `personOf(slot)` as its person: in one render, under a router at that address, so links, forms
 * and active states come out as they do within the page. A part rendered before with the same
 * input (or, naming its variant, the same variant) is taken from then.
 */
export function renderSlots(slots: readonly SlotRecord[], personOf: (slot: SlotRecord) => unknown, address: string): string[] {
  const location = routerLocation(address);
  const kept = slots.map((slot) => keptMarkupOf(slot, personOf(slot), location));
  const markup = kept.map((entry) => entry.markup);
  const toRender = kept.flatMap((entry, index) => (entry.markup === undefined ? [index] : []));
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
