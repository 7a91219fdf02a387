import { createServer, type IncomingMessage } from "node:http";
import { gunzipSync, inflateSync, brotliDecompressSync } from "node:zlib";
import { freePort } from "./free-port.ts";

/** One envelope as it arrived: its raw text and its parts (a header line, then items of a header and a payload). */
export interface ReceivedEnvelope {
  project: string;
  text: string;
  header: Record<string, unknown>;
  items: Array<{ header: Record<string, unknown>; payload: unknown }>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  switch (req.headers["content-encoding"]) {
    case "gzip":
      return gunzipSync(body).toString("utf8");
    case "deflate":
      return inflateSync(body).toString("utf8");
    case "br":
      return brotliDecompressSync(body).toString("utf8");
    default:
      return body.toString("utf8");
  }
}

/**
 * Envelopes are lines of JSON: the envelope's header, then for each item its header and its
 * payload. A payload whose header gives a `length` is that many bytes and may hold newlines.
 */
function parseEnvelope(text: string): Pick<ReceivedEnvelope, "header" | "items"> {
  const bytes = Buffer.from(text, "utf8");
  let offset = 0;
  const readLine = () => {
    const end = bytes.indexOf(0x0a, offset);
    const line = bytes.subarray(offset, end === -1 ? bytes.length : end).toString("utf8");
    offset = end === -1 ? bytes.length : end + 1;
    return line;
  };
  const header = JSON.parse(readLine()) as Record<string, unknown>;
  const items: ReceivedEnvelope["items"] = [];
  while (offset < bytes.length) {
    const line = readLine();
    if (!line.trim()) continue;
    const itemHeader = JSON.parse(line) as Record<string, unknown>;
    let payloadText: string;
    if (typeof itemHeader.length === "number") {
      payloadText = bytes.subarray(offset, offset + itemHeader.length).toString("utf8");
      offset += itemHeader.length + 1;
    } else {
      payloadText = readLine();
    }
    let payload: unknown = payloadText;
    try {
      payload = JSON.parse(payloadText);
    } catch {
      // an attachment, not JSON
    }
    items.push({ header: itemHeader, payload });
  }
  return { header, items };
}

/**
 * A local HTTP server standing in for Sentry's ingest: accepts `POST /api/<project>/envelope/`
 * (from the server SDK and, across origins, from the browser SDK), decompresses and records
 * every envelope, and answers as Sentry does.
 */
export async function startSentryStandIn() {
  const port = await freePort();
  const envelopes: ReceivedEnvelope[] = [];
  const server = createServer(async (req, res) => {
    // The browser SDK posts from the site's origin.
    res.setHeader("Access-Control-Allow-Origin", "*");
    if (req.method === "OPTIONS") {
      res.writeHead(204, { "Access-Control-Allow-Headers": "*", "Access-Control-Allow-Methods": "POST" });
      return res.end();
    }
    const match = /^\/api\/(\d+)\/envelope\/(\?.*)?$/.exec(req.url ?? "");
    if (req.method !== "POST" || !match) {
      res.writeHead(404);
      return res.end();
    }
    const text = await readBody(req);
    envelopes.push({ project: match[1]!, text, ...parseEnvelope(text) });
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end("{}");
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));

  /** Envelopes carrying an error event, and those events. */
  const events = () =>
    envelopes.flatMap((envelope) =>
      envelope.items
        .filter((item) => item.header.type === "event")
        .map((item) => ({ envelope, event: item.payload as Record<string, unknown> })),
    );

  return {
    /** SENTRY_DSN for the site: a public key and project 1 at this server. */
    dsn: `http://publickey@127.0.0.1:${port}/1`,
    origin: `http://127.0.0.1:${port}`,
    envelopes,
    events,
    /** Resolves with the error events once `count` have arrived (or fails after `timeoutMs`). */
    async waitForEvents(count: number, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (events().length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} error event(s) at the Sentry stand-in, got ${events().length}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return events();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
