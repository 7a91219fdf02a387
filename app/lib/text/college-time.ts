import { site } from "#app/content/site.ts";

const collegeTime = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: site.timeZone });

/**
 * A stored timestamp as the college reads it (in its time zone, site.timeZone). Formatted on the server only:
 * the browser's date library may write it slightly differently and break hydration.
 */
export const formatCollegeTime = (iso: string) => collegeTime.format(new Date(iso));

const collegeDayParts = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: site.timeZone });

/**
 * The day of a stored timestamp in the college's time zone, as YYYY-MM-DD: the UTC date would be
 * the day before for what happens before 05:30 in India. Numbers only, so the same in the browser.
 */
export function collegeDay(iso: string): string {
  const parts = Object.fromEntries(collegeDayParts.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}
