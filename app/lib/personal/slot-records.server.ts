import type { SlotRecord } from "./personal-slot.tsx";

const byResponse = new WeakMap<object, Map<string, SlotRecord>>();

/** Where the render of a page for `response` keeps its slots (app/entry.server.tsx gives it to them). */
export function recordSlotsFor(response: object): Map<string, SlotRecord> {
  const slots = new Map<string, SlotRecord>();
  byResponse.set(response, slots);
  return slots;
}

/** The slots the last render for `response` met, in the order it met them. */
export const slotsRenderedFor = (response: object): SlotRecord[] => [...(byResponse.get(response)?.values() ?? [])];
