import { request, type IncomingHttpHeaders } from "node:http";

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
