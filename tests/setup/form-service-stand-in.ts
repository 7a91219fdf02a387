import { createServer, type IncomingMessage } from "node:http";
import { freePort } from "./free-port.ts";

/** How the stand-in answers the next post. */
export type FormServiceBehaviour =
  { kind: "success" } | { kind: "refuse"; message: (accessKey: string) => string } | { kind: "error" } | { kind: "redirect" };

/** Reads a multipart (or urlencoded) body as the Fetch API does. */
async function readForm(req: IncomingMessage): Promise<FormData> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  return new Request("http://stand-in/", { method: "POST", headers, body: Buffer.concat(chunks) }).formData();
}

/**
 * A local HTTP server standing in for the third-party form service (Web3Forms-like): records
 * every post's fields and answers `{ success, message }` as the test tells it.
 */
export async function startFormServiceStandIn() {
  const port = await freePort();
  const received: Array<{ contentType: string; fields: Record<string, string> }> = [];
  let behaviour: FormServiceBehaviour = { kind: "success" };

  const server = createServer(async (req, res) => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method !== "POST" || req.url !== "/submit") return json(404, { success: false, message: "Not found" });
    const form = await readForm(req);
    const fields = Object.fromEntries([...form.entries()].map(([name, value]) => [name, String(value)]));
    received.push({ contentType: req.headers["content-type"] ?? "", fields });
    switch (behaviour.kind) {
      case "success":
        return json(200, { success: true, message: "Email sent successfully!" });
      case "refuse":
        return json(400, { success: false, message: behaviour.message(fields.access_key ?? "") });
      case "error":
        return json(500, { success: false, message: "Internal error" });
      case "redirect":
        res.writeHead(302, { Location: "http://127.0.0.1:9/elsewhere" });
        return res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));

  return {
    /** CONTACT_FORWARD_URL for the site. */
    url: `http://127.0.0.1:${port}/submit`,
    received,
    behave(next: FormServiceBehaviour) {
      behaviour = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
