// Work done in the background of every process: rows that expired and files left by abandoned
// uploads are removed at start and every hour.
import { pruneRateLimits } from "#app/lib/http/rate-limit.server.ts";
import { pruneSessions } from "#app/features/auth/sessions.server.ts";
import { pruneSignInTransactions } from "#app/features/auth/relying-party.server.ts";
import { pruneLoginFailures } from "#app/features/accounts/login-throttle.server.ts";
import { pruneRegistrationTickets } from "#app/features/accounts/registration-ticket.server.ts";
import { pruneAccountLinks } from "#app/features/accounts/links.server.ts";
import { pruneAccountMails } from "#app/features/accounts/mail/account-mailer.server.ts";
import { pruneMentorshipMails } from "#app/features/mentorship/mail.server.ts";
import { pruneRoomMessages } from "#app/features/mentorship/room.server.ts";
import { pruneCaptchaAnswers } from "#app/features/contact/captcha/solutions.server.ts";
import { pruneExpiredPayloads } from "#app/features/accounts/provider/adapter.ts";
import type { SiteServices } from "./services.ts";

const everyHour = 60 * 60 * 1000;

const expiredRows = [
  pruneRateLimits,
  pruneSessions,
  pruneSignInTransactions,
  pruneLoginFailures,
  pruneRegistrationTickets,
  pruneAccountLinks,
  pruneAccountMails,
  pruneExpiredPayloads,
  pruneCaptchaAnswers,
  pruneMentorshipMails,
  pruneRoomMessages,
];

/** Prunes once before resolving, then hourly until the returned function is called. */
export async function startBackgroundJobs({ database, videoUploads, logger }: SiteServices): Promise<() => void> {
  const prune = () =>
    Promise.all(expiredRows.map((prune) => prune(database.db)))
      .then(() => videoUploads.pruneUnfinished())
      .catch((err) => logger.warn({ err }, "could not prune expired rows"));
  await prune();
  const timer = setInterval(prune, everyHour);
  timer.unref();
  return () => clearInterval(timer);
}
