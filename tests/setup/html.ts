import { UNSAFE_decodeViaTurboStream } from "react-router";
const entities: Record<string, string> = { "&gt;": ">", "&lt;": "<", "&amp;": "&", "&quot;": '"', "&#x27;": "'", "&#39;": "'" };

/**
 * A page's text as a reader meets it: scripts and styles out (React Router copies loader
 * and action data into a script, so a message found there proves nothing about the page),
 * blocks separated by a space, inline elements joined, entities decoded, whitespace collapsed.
 */
export function visibleText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, " ")
    .replace(/<!-- -->/g, "")
    .replace(/<\/?(p|div|li|ol|ul|h\d|dt|dd|dl|section|pre|label|button|nav|header|footer|main|title|form|br|table|tr|td|th)\b[^>]*>/g, " ")
    .replace(/<[^>]+>/g, "")
    .replace(/&(gt|lt|amp|quot|#x27|#39);/g, (entity) => entities[entity]!)
    .replace(/\s+/g, " ");
}

/** The visible text of a response's body. */
export const responseText = async (response: Response) => visibleText(await response.text());

/**
 * The loader data a route sends to the browser, decoded as React Router decodes it: checks
 * on the raw page would miss a field hidden inside the script's escaped string.
 */
export async function routeData(siteUrl: string, path: string, routeId: string): Promise<unknown> {
  const url = new URL(path, siteUrl);
  url.pathname = `${url.pathname.replace(/\/$/, "")}.data`;
  url.searchParams.set("_routes", routeId);
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new Error(`${url.pathname} answered ${response.status}`);
  const { value } = await UNSAFE_decodeViaTurboStream(response.body, globalThis);
  return (value as Record<string, { data?: unknown }>)[routeId]?.data;
}
