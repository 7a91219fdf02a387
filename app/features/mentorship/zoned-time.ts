// Times of office hours: written in the college's time zone, stored as instants (UTC), shown to each
// person in theirs with the zone named. Intl only: the runtime's time-zone data, no library.

/** Whether `zone` is an IANA time zone this runtime knows ("Asia/Kolkata", "UTC"). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return zone.length <= 64;
  } catch {
    return false;
  }
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();

function partsIn(zone: string, instant: number) {
  let format = partsFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      weekday: "short",
    });
    partsFormats.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: parts.weekday!,
  };
}

/** How far `zone`'s clocks are ahead of UTC at `instant`, in milliseconds. */
function offsetAt(zone: string, instant: number): number {
  const p = partsIn(zone, instant);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall-clock time of `day` (YYYY-MM-DD) and `time` (HH:MM) names in `zone`. A time
 * skipped by a change to summer time is taken as the same time in the offset before the change.
 */
export function zonedInstant(day: string, time: string, zone: string): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  const asUtc = Date.UTC(year, month - 1, date, hour, minute);
  let instant = asUtc - offsetAt(zone, asUtc);
  // The offset at the guess may differ from the offset at the answer (a change of offset between them).
  const second = asUtc - offsetAt(zone, instant);
  if (second !== instant) instant = Math.max(second, instant);
  return new Date(instant);
}

/** The day (YYYY-MM-DD) and ISO weekday (1 Monday … 7 Sunday) of an instant in `zone`. */
export function zonedDay(instant: Date | number, zone: string): { day: string; weekday: number } {
  const p = partsIn(zone, typeof instant === "number" ? instant : instant.getTime());
  const weekday = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(p.weekday) + 1;
  return { day: `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`, weekday };
}

/** The day after `day` (YYYY-MM-DD), by the calendar. */
export function nextDay(day: string, days = 1): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The ISO weekday of a calendar day. */
export const weekdayOf = (day: string) => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

export const weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

/** "Asia/Kolkata" → "India Standard Time", as the runtime names it; the zone's code when it has no name. */
export function zoneName(zone: string, at: Date = new Date()): string {
  const name = new Intl.DateTimeFormat("en-GB", { timeZone: zone, timeZoneName: "long" })
    .formatToParts(at)
    .find((part) => part.type === "timeZoneName")?.value;
  return name && name !== zone ? `${name} (${zone})` : zone;
}

/** Formatters kept per zone and style: a page of four weeks of slots formats hundreds of times. */
const formats = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string, style: "time" | "date-time" | "day") {
  const key = `${zone} ${style}`;
  let format = formats.get(key);
  if (!format) {
    const time = { hourCycle: "h23", hour: "2-digit", minute: "2-digit" } as const;
    const options: Intl.DateTimeFormatOptions =
      style === "day"
        ? { weekday: "long", day: "numeric", month: "long" }
        : style === "time"
          ? time
          : { ...time, weekday: "short", day: "numeric", month: "short", year: "numeric" };
    formats.set(key, (format = new Intl.DateTimeFormat("en-GB", { timeZone: zone, ...options })));
  }
  return format;
}

/** "Thu 3 Dec 2026, 16:00" in `zone` (or "16:00" without the date). */
export function formatInZone(instant: string | Date, zone: string, options: { withDate?: boolean } = {}): string {
  return formatter(zone, options.withDate === false ? "time" : "date-time").format(new Date(instant));
}

/** "Thursday 3 December" for headings of a day's slots, in `zone`. */
export function formatDayInZone(instant: string | Date, zone: string): string {
  return formatter(zone, "day").format(new Date(instant));
}

let zonesKnown: string[] | undefined;

/** Every zone the runtime knows, for the zone picker (read once: the list does not change while the process runs). */
export const knownTimeZones = (): string[] => {
  if (!zonesKnown) {
    const zones = Intl.supportedValuesOf("timeZone");
    zonesKnown = zones.includes("UTC") ? zones : ["UTC", ...zones];
  }
  return zonesKnown;
};
