import { readdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { RequestHandler } from "express";
import { sessionUserOf } from "#app/features/auth/index.server.ts";
import { actorOf } from "#app/lib/audit-log.server.ts";
import { contentRoles } from "#app/features/staff/roles.ts";
import type { VideoUploadServices } from "#app/features/staff/video-uploads.server.ts";

/**
 * The lesson video uploads (the tus protocol: POST, HEAD, PATCH, DELETE, and the plain form of a
 * browser without JavaScript at POST /staff/uploads/form), answered here rather than by React
 * Router: a piece of several MB must stream straight to disk, without the page routes' form checks
 * or a place in their render queue. The session cookie says who sends it; only teachers and
 * administrators may. The upload code (about 30 MB a worker) loads with the first upload.
 */
export function staffVideoUploads(services: VideoUploadServices, secureCookies: (req: Parameters<RequestHandler>[0]) => boolean) {
  let loaded: Promise<ReturnType<typeof import("#app/features/staff/video-uploads.server.ts").videoUploads>> | undefined;
  const uploads = () => (loaded ??= import("#app/features/staff/video-uploads.server.ts").then((module) => module.videoUploads(services)));

  const handler: RequestHandler = async (req, res, next) => {
    try {
      const user = await sessionUserOf(services.db, req.headers.cookie, secureCookies(req));
      if (!user) {
        res
          .status(401)
          .type("text/plain")
          .send("Your session has ended. Sign in again, then choose the file again: the upload carries on.");
        return;
      }
      if (!contentRoles.includes(user.role)) {
        res.status(403).type("text/plain").send("Only teachers and administrators upload lesson videos.");
        return;
      }
      if (req.method === "POST" && req.path === "/form") {
        res.redirect(303, await (await uploads()).receiveForm(req, actorOf(user)));
        return;
      }
      await (await uploads()).handle(req, res, actorOf(user));
    } catch (error) {
      next(error);
    }
  };

  /** Forgets uploads left unfinished for a day; loads the upload code only when some are waiting. */
  const pruneUnfinished = async () => {
    const waiting = await readdir(join(resolve(services.config.MEDIA_DIR), ".uploads")).catch(() => []);
    if (waiting.length) await (await uploads()).pruneUnfinished();
  };
  return { handler, pruneUnfinished };
}
