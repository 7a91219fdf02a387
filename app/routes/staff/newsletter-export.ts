import { servicesContext } from "#app/context.ts";
import { requireAdmin } from "#app/features/staff/access.server.ts";
import { recordStaffAction } from "#app/lib/db/audit-log.server.ts";
import { csvDownload, csvFile } from "#app/lib/text/csv-file.ts";
import type { Route } from "./+types/newsletter-export";

/** Administrators: the newsletter's subscribers as CSV, oldest first; the download is written to the audit log. */
export async function loader({ context }: Route.LoaderArgs) {
  const { actor } = requireAdmin(context, "/staff");
  const { db } = context.get(servicesContext);
  const rows = await db
    .selectFrom("newsletter_subscriptions")
    .select(["email", "created_at"])
    .orderBy("created_at")
    .orderBy("email")
    .execute();
  await recordStaffAction(db, actor, { action: "newsletter.export", subject: "newsletter", after: { subscribers: rows.length } });
  const day = new Date().toISOString().slice(0, 10);
  return csvDownload(
    csvFile(
      ["email", "subscribed_at"],
      rows.map((row) => [row.email, row.created_at]),
    ),
    `newsletter-${day}.csv`,
  );
}
