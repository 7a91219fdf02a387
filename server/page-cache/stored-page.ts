import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import type { ContentTopic } from "#app/lib/content-versions/page-cache.ts";
import type { SlotRecord } from "#app/lib/personal/personal-slot.tsx";
import { storedBody, type StoredBody, type StoredEncoding } from "../content-encoding.ts";
import { inMemoryOfTheirOwn } from "./own-memory.ts";
import { personalTemplate, type PersonalTemplate } from "./personal-template.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A rendered page as kept for every signed-out visitor: its bytes in each encoding, compressed once. */
export interface StoredPage {
  /** The content versions it was rendered from (VersionSnapshot.stamp). */
  stamp: string;
  topics: readonly ContentTopic[];
  contentType: string;
  /** Request headers besides Accept-Encoding that the response depended on (the route's Vary), in lower case. */
  vary: readonly string[];
  /** Their values in the request it was rendered for. */
  varyValues: readonly string[];
  /** The CSP sources that allow exactly its inline scripts: their hashes, replacing the render's nonce. */
  scriptSources: string;
  /** Brotli is made when a visitor first could take it (`brotliReady`). */
  bodies: Record<"identity" | "gzip", StoredBody> & Partial<Record<StoredEncoding, StoredBody>>;
  /**
   * Makes the brotli copy the first time it is called, and settles once it is there (or could not
   * be made: then the page goes as gzip). Not before: a page kept because a signed-in person asked
   * for it may never be asked for by a visitor, and a class at thirty lessons kept thirty at once.
   */
  brotliReady(): Promise<void>;
  bytes: number;
  /** The page as a template for signed-in people, or why it cannot be one; absent where they get it rendered whole. */
  personal?: PersonalTemplate | { problem: string };
}

const inlineScript = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** 'sha256-…' for each distinct inline script (scripts with a src are allowed by 'self'). */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, content] of html.matchAll(inlineScript)) {
    if (/\bsrc\s*=/i.test(attributes!)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(content!, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * Turns one visitor's page into one for all: the render's nonce goes (it must not be shared),
 * its inline scripts are allowed by their hashes instead, the bytes are compressed once (gzip at
 * once, brotli a moment later), and it is cut around its personal slots. Undefined when the nonce
 * shows anywhere else in the page than its attributes.
 */
export async function storePage(
  html: string,
  {
    nonce,
    slots,
    address,
    stamp,
    topics,
    contentType,
    vary,
    varyValues,
  }: Omit<StoredPage, "scriptSources" | "bodies" | "brotliReady" | "bytes" | "personal"> & {
    nonce: string;
    /** Its personal slots, as its render met them (app/lib/personal/), when signed-in people get it filled in. */
    slots: readonly SlotRecord[] | undefined;
    /** Where it was rendered: path and query. */
    address: string;
  },
): Promise<StoredPage | undefined> {
  const shared = html.split(` nonce="${nonce}"`).join("");
  if (shared.includes(nonce)) return undefined;
  const identity = inMemoryOfTheirOwn(Buffer.from(shared, "utf8"));
  // Kept for as long as the page: copied out of zlib's output chunk (own-memory.ts).
  const gz = inMemoryOfTheirOwn(await gzipAsync(identity, { level: 9 }));
  const personal = slots && personalTemplate(shared, identity, slots, address);
  const bodies: StoredPage["bodies"] = { identity: storedBody(identity), gzip: storedBody(gz) };
  // Quality 10, not 11: a course page in 14 ms instead of 53 for 3 % more bytes (9.9 against 9.6 KB).
  let brotliMade: Promise<void> | undefined;
  const brotliReady = () =>
    (brotliMade ??= brotli(identity, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 10, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }).then(
      (br) => {
        bodies.br = storedBody(inMemoryOfTheirOwn(br));
      },
      () => {},
    ));
  return {
    stamp,
    topics,
    contentType,
    vary,
    varyValues,
    scriptSources: inlineScriptHashes(shared).join(" "),
    bodies,
    brotliReady,
    // Brotli is smaller than gzip; the template's pieces are views of the page's bytes, its compressed copies its own (a few more come as people ask).
    bytes: identity.length + 2 * gz.length + (!personal || "problem" in personal ? 0 : personal.gzip.bytes),
    personal,
  };
}
