import { createHash } from "node:crypto";
import type { Request, Response } from "express";

/** The encodings we store copies in, best first: brotli, then gzip. */
export const storedEncodings = ["br", "gzip"] as const;
export type StoredEncoding = (typeof storedEncodings)[number];

/** Bytes kept ready to send, with their ETag: one per encoding of a thing, so no cache mixes them up. */
export interface StoredBody {
  bytes: Buffer;
  etag: string;
}

export const storedBody = (bytes: Buffer): StoredBody => ({
  bytes,
  etag: `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"`,
});

/** Whether the Accept-Encoding header takes this encoding (a q of 0 refuses it). */
function acceptsEncoding(header: string, encoding: string): boolean {
  return header.split(",").some((part) => {
    const [token, ...params] = part.trim().toLowerCase().split(";");
    if (token !== encoding && token !== "*") return false;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  });
}

/** The best stored encoding the client takes, of those available; undefined: send the bytes as they are. */
export function chooseEncoding(header: string | undefined, available: (encoding: StoredEncoding) => boolean): StoredEncoding | undefined {
  return storedEncodings.find((encoding) => available(encoding) && acceptsEncoding(header ?? "", encoding));
}

/**
 * Sends a stored body in the encoding chosen for it, after the caller's other headers: 304 when
 * the client holds it already (If-None-Match compares weakly: W/"x" matches "x"), no body for HEAD.
 */
export function sendStoredBody(req: Request, res: Response, body: StoredBody, encoding: StoredEncoding | undefined): void {
  res.setHeader("ETag", body.etag);
  if (req.headers["if-none-match"]?.split(",").some((tag) => tag.trim() === "*" || tag.trim().replace(/^W\//, "") === body.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.bytes.length);
  res.end(req.method === "HEAD" ? undefined : body.bytes);
}
