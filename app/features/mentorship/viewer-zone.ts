import { site } from "#app/content/site.ts";
import { isTimeZone } from "./zoned-time.ts";

/**
 * The time zone a page shows times in: the `tz` of its address (the zone picker's, or the browser's
 * own, which the page asks for once it runs), else the college's.
 */
export function viewerZone(url: URL): { zone: string; chosen: boolean } {
  const asked = url.searchParams.get("tz");
  return asked && isTimeZone(asked) ? { zone: asked, chosen: true } : { zone: site.timeZone, chosen: false };
}
