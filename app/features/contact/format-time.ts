import { site } from "#app/content/site.ts";

const indiaTime = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: site.timeZone });

/**
 * A stored timestamp as the college reads it (India time). Formatted on the server only:
 * the browser's date library may write it slightly differently and break hydration.
 */
export const formatIndiaTime = (iso: string) => indiaTime.format(new Date(iso));
