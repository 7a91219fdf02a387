import { request, type IncomingHttpHeaders } from "node:http";
import { connect } from "node:net";

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * One HTTP request as sent, for what fetch cannot send: a Host header of our choosing
 * (fetch always sends the URL's) and methods such as TRACE (fetch refuses them).
 * A body is sent with its length, as browsers send forms.
 */
export function rawRequest(
  url: string,
  { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  const target = new URL(url);
  const lengthHeader: Record<string, string> = body === undefined ? {} : { "Content-Length": String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        hostname: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method,
        headers: { ...lengthHeader, ...headers },
        agent: false,
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: text }));
        response.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

export interface WireResponse {
  status: number;
  /** The head as sent: status line and headers. */
  head: string;
  /** What followed the head, as sent (chunks unjoined). */
  body: string;
}

/**
 * One request written byte for byte on a connection of its own, for what no HTTP client sends:
 * absolute-form and `*` targets, NUL and other bytes in headers, a path as raw percent-escapes.
 * `head` is written as Latin-1 (one byte a character). Resolves once the answer is complete (by its
 * Content-Length, its last chunk, or the server closing the connection), then closes it.
 */
export function wireRequest(url: string, head: string, body: Uint8Array = new Uint8Array()): Promise<WireResponse> {
  const { hostname, port } = new URL(url);
  const bodiless = head.startsWith("HEAD ");
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = Buffer.alloc(0);
    const answer = (): (WireResponse & { bodyBytes: number }) | null => {
      const headEnd = received.indexOf("\r\n\r\n");
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(received.subarray(0, 16).toString("latin1"));
      if (headEnd < 0 || !status) return null;
      const text = received.subarray(0, headEnd).toString("latin1");
      const rest = received.subarray(headEnd + 4);
      return { status: Number(status[1]), head: text, body: rest.toString("utf8"), bodyBytes: rest.length };
    };
    /** Whether the answer received so far is all of it. */
    const complete = (response: WireResponse & { bodyBytes: number }) => {
      if (bodiless || [204, 304].includes(response.status)) return true;
      const length = /\r\ncontent-length: *(\d+)/i.exec(response.head);
      if (length) return response.bodyBytes >= Number(length[1]);
      return /\r\ntransfer-encoding: *chunked/i.test(response.head) && response.body.endsWith("0\r\n\r\n");
    };
    socket.setTimeout(15_000, () => socket.destroy(new Error("no answer within 15 s")));
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const response = answer();
      if (response && complete(response)) {
        const { bodyBytes: _, ...whole } = response;
        resolve(whole);
        socket.destroy();
      }
    });
    // A server may answer before the body is sent (413) and close: the answer is what counts.
    socket.on("error", () => undefined);
    socket.on("close", () => {
      const response = answer();
      if (response) resolve({ status: response.status, head: response.head, body: response.body });
      else
        reject(
          new Error(`no answer to ${JSON.stringify(head.slice(0, 300))}: ${JSON.stringify(received.toString("latin1").slice(0, 300))}`),
        );
    });
    // Not ended after the body: a client's half-close makes Node abandon the request.
    socket.write(Buffer.concat([Buffer.from(head, "latin1"), body]));
  });
}
