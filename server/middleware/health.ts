import { Router } from "express";

/**
 * /healthz: the process answers. /readyz: this instance can take traffic, so a load balancer
 * knows when to stop sending it requests: 503 only while it shuts down. An unreachable database
 * does not make it unready: the database is shared, so every instance would leave the balancer
 * at once, pages that need no database included, and removing instances cannot fix the database.
 * Pages that need it answer 503 with a retry screen meanwhile; /readyz says "degraded" for
 * monitoring (docs/operations.md).
 */
export function healthRoutes({ ping, isDraining }: { ping: () => Promise<boolean>; isDraining: () => boolean }) {
  const router = Router();
  router.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });
  router.get("/readyz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (isDraining()) {
      res.status(503).json({ status: "shutting down" });
      return;
    }
    if (await ping()) res.json({ status: "ready" });
    else res.json({ status: "degraded", database: "unreachable" });
  });
  return router;
}
