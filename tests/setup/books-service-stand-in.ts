import { createServer } from "node:http";
import { freePort } from "./free-port.ts";

/** How the stand-in answers the next searches. */
export type BooksServiceBehaviour = "answer" | "slow" | "error" | "malformed" | "wrong-shape" | "redirect";

type Volume = Record<string, unknown> & { id: string };

/** A volume as the books service sends it, with the fields the card reads. */
export function volume(id: string, { title = `Volume ${id}`, saleability = "FOR_SALE", ...more }: Record<string, unknown> = {}): Volume {
  return {
    kind: "books#volume",
    id,
    volumeInfo: {
      title,
      authors: ["Stand-in Author"],
      pageCount: 120,
      imageLinks: { smallThumbnail: `http://books.google.com/books/content?id=${id}&img=1` },
      infoLink: `https://books.google.com/books?id=${id}`,
      ...((more.volumeInfo as object) ?? {}),
    },
    saleInfo:
      saleability === "FOR_SALE"
        ? {
            saleability,
            retailPrice: { amount: 12.5, currencyCode: "USD" },
            buyLink: `https://play.google.com/store/books/details?id=${id}`,
          }
        : { saleability },
    accessInfo:
      saleability === "FREE"
        ? { pdf: { isAvailable: true, downloadLink: `https://books.google.com/books/download/${id}.pdf` } }
        : { pdf: { isAvailable: false } },
  };
}

/**
 * A local HTTP server standing in for the public books service (the Google Books volumes API):
 * records every request and answers searches with `volumesFor(q)` or as told by `behave`.
 */
export async function startBooksServiceStandIn(volumesFor: (q: string) => Volume[], known: Record<string, Volume> = {}) {
  const port = await freePort();
  const requests: URL[] = [];
  let behaviour: BooksServiceBehaviour = "answer";
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", `http://127.0.0.1:${port}`);
    requests.push(url);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(typeof body === "string" ? body : JSON.stringify(body));
    };
    const byId = /^\/volumes\/([^/]+)$/.exec(url.pathname);
    if (byId) {
      const found = known[decodeURIComponent(byId[1]!)];
      return found ? json(200, found) : json(404, { error: { code: 404, message: "The volume ID could not be found." } });
    }
    if (url.pathname !== "/volumes") return json(404, { error: { code: 404 } });
    switch (behaviour) {
      case "slow":
        // Longer than the site waits; the answer would be fine.
        return void setTimeout(() => json(200, { totalItems: 0 }), 1500).unref();
      case "error":
        return json(500, { error: { code: 500, message: "Backend Error" } });
      case "malformed":
        return json(200, '{"kind": "books#volumes", "items": [');
      case "wrong-shape":
        return json(200, { kind: "books#volumes", totalItems: 1, items: "none" });
      case "redirect":
        res.writeHead(302, { Location: `http://127.0.0.1:${port}/elsewhere` });
        return res.end();
      case "answer": {
        const items = volumesFor(url.searchParams.get("q") ?? "");
        const start = Number(url.searchParams.get("startIndex") ?? 0);
        const max = Number(url.searchParams.get("maxResults") ?? 10);
        const page = items.slice(start, start + max);
        return json(
          200,
          page.length ? { kind: "books#volumes", totalItems: items.length, items: page } : { kind: "books#volumes", totalItems: 0 },
        );
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    /** GOOGLE_BOOKS_URL for the site. */
    url: `http://127.0.0.1:${port}/volumes`,
    requests,
    behave(next: BooksServiceBehaviour) {
      behaviour = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
