import { site } from "#app/content/site.ts";

const collegeTime = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: site.timeZone });

/**
 * A stored timestamp as the college reads it (in its time zone, site.timeZone). Formatted on the server only:
 * the browser's date library may write it slightly differently and break hydration.
 */
export const formatCollegeTime = (iso: string) => collegeTime.format(new Date(iso));
