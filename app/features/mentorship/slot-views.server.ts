// Slots and sessions as a page shows them: times written on the server in the reader's zone (the
// browser's own formatting may differ by a comma and break hydration).
import { formatDayInZone, formatInZone, knownTimeZones, zoneName } from "./zoned-time.ts";
import type { Slot } from "./office-hours.server.ts";

export interface SlotView {
  value: string;
  time: string;
  placesLeft: number;
  capacity: number;
  where: string;
}

export interface DayOfSlots {
  day: string;
  slots: SlotView[];
}

/** Slots grouped by their day in `zone`. */
export function slotsByDay(slots: readonly Slot[], zone: string): DayOfSlots[] {
  const days: DayOfSlots[] = [];
  for (const slot of slots) {
    const day = formatDayInZone(slot.startsAt, zone);
    const view = {
      value: slot.startsAt,
      time: `${formatInZone(slot.startsAt, zone, { withDate: false })} to ${formatInZone(slot.endsAt, zone, { withDate: false })}`,
      placesLeft: Math.max(0, slot.capacity - slot.taken),
      capacity: slot.capacity,
      where: slot.mode === "campus" ? `On campus, ${slot.room}` : "Online",
    };
    const last = days.at(-1);
    if (last?.day === day) last.slots.push(view);
    else days.push({ day, slots: [view] });
  }
  return days;
}

/** What the zone picker needs. */
export const zoneChoice = (zone: { zone: string; chosen: boolean }) => ({
  zone: zone.zone,
  chosen: zone.chosen,
  zoneLabel: zoneName(zone.zone),
  zones: knownTimeZones(),
});

/** "Thu 3 Dec 2026, 16:00 to 16:30" in `zone`. */
export const sessionTime = (startsAt: string, endsAt: string, zone: string) =>
  `${formatInZone(startsAt, zone)} to ${formatInZone(endsAt, zone, { withDate: false })}`;
