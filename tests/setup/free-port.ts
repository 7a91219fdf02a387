// No test runner imported here: Playwright specs use it too.
import { createServer } from "node:net";

/** A port nobody listens on now. The site must know its own address before it starts (the issuer URL). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
