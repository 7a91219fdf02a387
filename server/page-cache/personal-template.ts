// A kept page as a template for signed-in people: its markup cut around its personal slots
// (app/lib/personal/), which are rendered again per person and put back in.
import type { SlotRecord } from "#app/lib/personal/personal-slot.tsx";
import { personalDataElementId } from "#app/lib/personal/personal-data.ts";
import { renderSlots } from "#app/lib/personal/render-slots.server.tsx";
import { scriptSafeJsonOfRecord, sharedValueId } from "#app/lib/personal/shared-values.server.ts";
import { RecentlyUsed } from "#app/lib/recently-used.ts";
import { SplicedGzip } from "./spliced-gzip.ts";

export interface PersonalTemplate {
  /** The markup around the slots, in order: one piece before each slot, then the rest up to `</body>`, then `</body>` and after. */
  pieces: Buffer[];
  /** The same pieces compressed, to be spliced with the person's parts (spliced-gzip.ts). */
  gzip: SplicedGzip;
  slots: SlotRecord[];
  /** A number no other template has: what is kept of it is kept by this (keptParts). */
  id: number;
}

let lastTemplateId = 0;

/**
 * `html` (a page everyone sees alike, rendered at `address`; `bytes`, its UTF-8) cut around its
 * `slots`, or why it cannot be: each slot's part, rendered alone with the person it had in the
 * page, must come out exactly as it is there, or a person's would not be in the place the page
 * hydrates. The pieces are views of `bytes`, not a second copy of the page.
 */
export function personalTemplate(
  html: string,
  bytes: Buffer,
  slots: readonly SlotRecord[],
  address: string,
): PersonalTemplate | { problem: string } {
  const alone = renderSlots(slots, (slot) => slot.person, address);
  type Placed = { slot: SlotRecord; start: number; end: number; markup: string };
  const placed = slots.map((slot, index): Placed | { problem: string } => {
    const markup = alone[index] ?? "";
    const marker = `data-personal="${slot.id}"`;
    const at = html.indexOf(marker);
    if (at === -1 || html.indexOf(marker, at + 1) !== -1) return { problem: `slot ${slot.id} is not in the page once` };
    const start = html.indexOf(">", at) + 1;
    const end = start + markup.length;
    if (!html.startsWith(markup, start) || !html.startsWith(`</${slot.tag}>`, end)) {
      return { problem: `slot ${slot.id} renders alone otherwise than in the page` };
    }
    return { slot, start, end, markup };
  });
  const ordered: Placed[] = [];
  for (const place of placed) {
    if ("problem" in place) return place;
    ordered.push(place);
  }
  ordered.sort((a, b) => a.start - b.start);
  const bodyEnd = html.lastIndexOf("</body>");
  if (bodyEnd === -1) return { problem: "the page has no </body>" };
  // Each piece is the view of `bytes` that holds html[from, to); then the next starts at `next`.
  // Where it lies in `bytes` is counted on from the cut before: characters are 1 to 4 bytes.
  const pieces: Buffer[] = [];
  let from = 0;
  let byteOffset = 0;
  const cut = (to: number, next: number) => {
    const length = Buffer.byteLength(html.slice(from, to), "utf8");
    pieces.push(bytes.subarray(byteOffset, byteOffset + length));
    byteOffset += length + Buffer.byteLength(html.slice(to, next), "utf8");
    from = next;
  };
  for (const { start, end } of ordered) {
    if (start < from) return { problem: "slots inside slots" };
    cut(start, end);
  }
  if (bodyEnd < from) return { problem: "a slot after </body>" };
  cut(bodyEnd, bodyEnd);
  cut(html.length, html.length);
  // A visitor's parts are what most slots hold for most people too (no badge, no note).
  const usualParts = ordered.map(({ markup }) => markup);
  return { pieces, gzip: new SplicedGzip(pieces, usualParts), slots: ordered.map(({ slot }) => slot), id: ++lastTemplateId };
}

/**
 * The parts of the page for one person, to go between its pieces: each slot rendered with
 * `personal[its data]`, at `address` (the person's own, for links that come back to it), then
 * their data for the page's scripts. Undefined when a slot reads data that was not loaded.
 */
export function personalParts(
  template: PersonalTemplate,
  personal: Record<string, unknown>,
  address: string,
): readonly string[] | undefined {
  const { slots } = template;
  if (slots.some((slot) => !(slot.data in personal))) return undefined;
  const key = keyOfShared(template, personal, address);
  const kept = key === undefined ? undefined : keptParts.get(key);
  if (kept) return kept;
  const markup = renderSlots(slots, (slot) => personal[slot.data], address);
  const data = `<script type="application/json" id="${personalDataElementId}">${scriptSafeJsonOfRecord(personal)}</script>`;
  const parts = Object.freeze([...markup, data]);
  if (key !== undefined) keptParts.set(key, parts);
  return parts;
}

/**
 * A page's parts made for data that is all shared values (app/lib/personal/shared-values.server.ts:
 * a learner's course progress while it is unchanged, their name), by page, address and those
 * values: a learner opening the page again is answered without rendering or writing anything.
 */
const keptParts = new RecentlyUsed<string, readonly string[]>(4000);

/** The key of the parts of `template` at `address` with `personal`, or undefined when a value of it is not shared (nor null, a number or a boolean). */
function keyOfShared(template: PersonalTemplate, personal: Record<string, unknown>, address: string): string | undefined {
  let key = `${template.id}\0${address}`;
  for (const [name, value] of Object.entries(personal)) {
    const id = value === null || typeof value === "number" || typeof value === "boolean" ? `=${String(value)}` : sharedValueId(value);
    if (id === undefined) return undefined;
    key += `\0${name}\0${id}`;
  }
  return key;
}

/** The whole page, its pieces and the person's parts, as it is or gzipped (into a buffer from `allocate`). */
export function filledPage(
  { pieces, gzip }: PersonalTemplate,
  parts: readonly string[],
  encoding: "gzip" | undefined,
  allocate?: (size: number) => Buffer,
): Buffer {
  if (encoding === "gzip") return gzip.gzip(parts, allocate);
  return Buffer.concat(pieces.flatMap((piece, index) => (parts[index] ? [piece, Buffer.from(parts[index], "utf8")] : [piece])));
}
