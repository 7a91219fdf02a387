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
 * `head` is written as Latin-1 (one byte a character) and should ask for `Connection: close`: the
 * status and head of the answer are resolved once the server closes the connection.
 */
export function wireRequest(url: string, head: string, body: Uint8Array = new Uint8Array()): Promise<WireResponse> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = Buffer.alloc(0);
    const settle = () => {
      const text = received.toString("utf8");
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(text);
      const headEnd = text.indexOf("\r\n\r\n");
      if (status)
        resolve({ status: Number(status[1]), head: text.slice(0, Math.max(headEnd, 0)), body: headEnd < 0 ? "" : text.slice(headEnd + 4) });
      else reject(new Error(`no answer to ${JSON.stringify(head.slice(0, 300))}: ${JSON.stringify(text.slice(0, 300))}`));
    };
    socket.setTimeout(15_000, () => socket.destroy(new Error("no answer within 15 s")));
    socket.on("data", (chunk: Buffer) => (received = Buffer.concat([received, chunk])));
    // A server may answer before the body is sent (413) and close: the answer is what counts.
    socket.on("error", () => undefined);
    socket.on("close", settle);
    // Not ended after the body: a client's half-close makes Node abandon the request.
    socket.write(Buffer.concat([Buffer.from(head, "latin1"), body]));
  });
}
