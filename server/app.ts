// The whole HTTP application of one process: its services (services.ts), its background jobs
// (jobs.ts) and its middleware in their order (middleware/index.ts). What each path takes is in
// path-rules.ts.
import express from "express";
import { startBackgroundJobs } from "./jobs.ts";
import { useSiteMiddleware } from "./middleware/index.ts";
import { createServices, type ServiceOptions } from "./services.ts";

export type AppOptions = ServiceOptions;

export interface RunningApp {
  app: express.Express;
  /** Readiness turns false so load balancers stop sending traffic. */
  drain(): void;
  /** Stops the background jobs and releases the services; call after the HTTP server has finished its requests. */
  close(): Promise<void>;
}

export async function createApp(options: AppOptions): Promise<RunningApp> {
  const services = await createServices(options);
  const stopJobs = await startBackgroundJobs(services);
  let draining = false;

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", services.config.TRUST_PROXY);
  await useSiteMiddleware(app, services, () => draining);

  return {
    app,
    drain: () => {
      draining = true;
    },
    close: async () => {
      stopJobs();
      await services.close();
    },
  };
}
