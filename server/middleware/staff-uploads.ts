import { join, resolve } from "node:path";
import type { RequestHandler } from "express";
import type { Logger } from "pino";
import type { Mount } from "../route-declarations.ts";
import { answerAfterTheBody } from "./body-limit.ts";
import { signedInOf } from "#app/features/auth/index.server.ts";
import type { RequestServices } from "#app/context.ts";
import { accessTo } from "#app/features/teams/teams.server.ts";
import { actorOf } from "#app/lib/db/audit-log.server.ts";
import { contentRoles } from "#app/features/auth/index.ts";
import { VIDEO_UPLOAD_PATH } from "#app/features/courses/limits.ts";
import { removeAbandonedUploads } from "#app/features/courses/editing/unfinished-uploads.server.ts";
import type { VideoUploadServices } from "#app/features/courses/editing/video-uploads.server.ts";

/**
 * Lesson videos: their size is bounded by MAX_UPLOAD_MB where they are received; they take as
 * long as the connection needs.
 */
export const videoUploadMounts: readonly Mount[] = [VIDEO_UPLOAD_PATH, `${VIDEO_UPLOAD_PATH}/`].map((path) => ({
  path,
  body: { maxBytes: Infinity, pace: "steady" },
}));

type Uploads = Awaited<ReturnType<typeof import("#app/features/courses/editing/video-uploads.server.ts").videoUploads>>;

/**
 * The lesson video uploads (the tus protocol: POST, HEAD, PATCH, DELETE, and the plain form of a
 * browser without JavaScript at POST /staff/uploads/form), answered here rather than by React
 * Router: a piece of several MB must stream straight to disk, without the page routes' form checks
 * or a place in their render queue. Who sends it is decided as for every route (`signedInOf`: the
 * session cookie, its tokens renewed when due); only teachers and administrators may. The upload
 * code (about 30 MB a worker) loads with the first upload.
 */
export function staffVideoUploads(
  services: VideoUploadServices,
  {
    secureCookies,
    relyingParty,
    logger,
  }: { secureCookies: (req: Parameters<RequestHandler>[0]) => boolean; relyingParty: RequestServices["relyingParty"]; logger: Logger },
) {
  let loaded: Promise<Uploads> | undefined;
  const uploads = () =>
    (loaded ??= import("#app/features/courses/editing/video-uploads.server.ts")
      .then((module) => module.videoUploads(services))
      .catch((error: unknown) => {
        // A failure to start (the uploads folder could not be made) is this request's; the next one tries again.
        loaded = undefined;
        throw error;
      }));

  const handler: RequestHandler = async (req, res, next) => {
    try {
      const requestLogger = logger.child({ requestId: res.locals.requestId });
      const signedIn = await signedInOf(
        { db: services.db, relyingParty, logger: requestLogger, secureCookies: secureCookies(req) },
        req.headers.cookie,
      );
      const allowed = signedIn !== null && contentRoles.includes(signedIn.user.role);
      if (!allowed && req.method === "POST" && req.path === "/form") {
        // The plain form of a browser without JavaScript: the staff page it came from says, as a
        // page of the site, what it says to anyone else (sign in first, or a 403 naming their role).
        await answerAfterTheBody(req, res, () => res.redirect(303, "/staff/courses"));
        return;
      }
      // The uploader of a page with JavaScript shows the answer's text as its message.
      if (!signedIn) {
        res
          .status(401)
          .type("text/plain")
          .send("Your session has ended. Sign in again, then choose the file again: the upload carries on.");
        return;
      }
      if (!allowed) {
        res.status(403).type("text/plain").send("Only teachers and administrators upload lesson videos.");
        return;
      }
      const { user, session } = signedIn;
      const sender = {
        actor: actorOf(user),
        mayChangeCourse: async (slug: string) =>
          (await accessTo(services.db, { role: user.role, trustedEmail: session.role_email }, "course", slug)) !== null,
        logger: requestLogger,
      };
      if (req.method === "POST" && req.path === "/form") {
        const answer = await (await uploads()).receiveForm(req, sender);
        if ("redirect" in answer) res.redirect(303, answer.redirect);
        else res.status(answer.status).type("text/plain").send(answer.message);
        return;
      }
      await (await uploads()).handle(req, res, sender);
    } catch (error) {
      next(error);
    }
  };

  /** Forgets uploads a day old and removes what interrupted uploads left in MEDIA_DIR/.uploads. */
  const pruneUnfinished = async () => {
    const removed = await removeAbandonedUploads(services.db, join(resolve(services.config.MEDIA_DIR), ".uploads"));
    if (removed > 0) logger.info({ removed }, "removed the files of abandoned video uploads");
  };
  return { handler, pruneUnfinished };
}
