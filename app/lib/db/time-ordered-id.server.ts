import { randomBytes } from "node:crypto";

/**
 * 12 hex digits of the time in milliseconds, then 12 random ones: ids sort by age, so a primary
 * key serves a newest-first list and its keyset paging without another index.
 */
export const timeOrderedId = (at: Date): string => at.getTime().toString(16).padStart(12, "0") + randomBytes(6).toString("hex");
