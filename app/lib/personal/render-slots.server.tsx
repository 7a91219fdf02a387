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
 * The markup of each slot's part, rendered alone for the page at `address` (path and query) with
 * `personOf(slot)` as its person: in one render, under a router at that address, so links, forms
 * and active states come out as they do within the page. A part that names its variant is taken
 * from those rendered before.
 */
export function renderSlots(slots: readonly SlotRecord[], personOf: (slot: SlotRecord) => unknown, address: string): string[] {
  const markup: (string | undefined)[] = [];
  const variants: (string | undefined)[] = [];
  const toRender: number[] = [];
  for (const [index, slot] of slots.entries()) {
    const part = slot.part as PersonalPart<object, unknown>;
    const variant = part.variant?.({ ...slot.props, person: personOf(slot) });
    variants.push(variant);
    markup.push(variant === undefined ? undefined : markupOfVariants.get(part)?.get(variant));
    if (markup[index] === undefined) toRender.push(index);
  }
  if (toRender.length === 0) return markup as string[];
  const parts = toRender.map((index) => {
    const slot = slots[index]!;
    const Part = slot.part as (props: { person: unknown }) => ReactNode;
    return (
      <Fragment key={`${index}-${slot.id}`}>
        <template />
        <Part {...slot.props} person={personOf(slot)} />
      </Fragment>
    );
  });
  const rendered = renderToString(
    <PartsToRender value={parts}>
      <RouterProvider router={routerAt(routerLocation(address))} />
    </PartsToRender>,
  )
    .split(separator)
    .slice(1);
  for (const [position, index] of toRender.entries()) {
    markup[index] = rendered[position] ?? "";
    const variant = variants[index];
    if (variant === undefined) continue;
    const part = slots[index]!.part;
    let kept = markupOfVariants.get(part);
    if (!kept) markupOfVariants.set(part, (kept = new Map()));
    if (kept.size < variantsKept) kept.set(variant, markup[index]);
  }
  return markup as string[];
}
