import { createHash } from "node:crypto";

/**
 * A file's version: the start of its content's SHA-256. The build adds it to the addresses of the
 * site's public files (vite-plugins/version-public-files.ts) and the server gives an address
 * carrying the current one a year's cache lifetime (server/middleware/stored-files.ts): both compute it here.
 */
export const fileVersion = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("base64url").slice(0, 10);
