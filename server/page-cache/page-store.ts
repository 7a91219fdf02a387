import type { IncomingHttpHeaders } from "node:http";
import type { StoredPage } from "./stored-page.ts";

/** Variants of one address kept at most (one per Accept value of a Vary: Accept page, say). */
const variantsPerAddress = 4;

const headerValue = (headers: IncomingHttpHeaders, name: string) => String(headers[name] ?? "");

/**
 * Stored pages by address (path and query), least recently used first out when their bytes pass
 * the limit: a flood of distinct search addresses pushes out old searches, never grows memory.
 */
export class PageStore {
  readonly #byAddress = new Map<string, StoredPage[]>();
  #bytes = 0;
  readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  /** The page stored for this address and these request headers, fresh or not. */
  find(address: string, headers: IncomingHttpHeaders): StoredPage | undefined {
    const variants = this.#byAddress.get(address);
    if (!variants) return undefined;
    // Map order is the recency order.
    this.#byAddress.delete(address);
    this.#byAddress.set(address, variants);
    return variants.find((page) => page.vary.every((name, index) => headerValue(headers, name) === page.varyValues[index]));
  }

  /** Whether a page was ever stored here (and not pushed out): renders of it are worth waiting for. */
  has(address: string): boolean {
    return this.#byAddress.has(address);
  }

  put(address: string, page: StoredPage): void {
    if (page.bytes > this.maxBytes) return;
    const sameVariant = (other: StoredPage) =>
      other.vary.join() === page.vary.join() && other.varyValues.every((value, index) => value === page.varyValues[index]);
    const previous = this.#byAddress.get(address) ?? [];
    const kept = previous.filter((other) => !sameVariant(other)).slice(-(variantsPerAddress - 1));
    this.#bytes += page.bytes - sumBytes(previous) + sumBytes(kept);
    this.#byAddress.delete(address);
    this.#byAddress.set(address, [...kept, page]);
    for (const [oldest, variants] of this.#byAddress) {
      if (this.#bytes <= this.maxBytes) break;
      this.#byAddress.delete(oldest);
      this.#bytes -= sumBytes(variants);
    }
  }
}

const sumBytes = (pages: readonly StoredPage[]) => pages.reduce((sum, page) => sum + page.bytes, 0);
