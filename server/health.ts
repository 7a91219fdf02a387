import { Router } from "express";

/**
 * /healthz: the process answers. /readyz: it can serve traffic (the database
 * answers and it is not shutting down), so a load balancer knows when to stop
 * sending requests.
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
    const database = await ping();
    res.status(database ? 200 : 503).json({ status: database ? "ready" : "database unreachable" });
  });
  return router;
}
