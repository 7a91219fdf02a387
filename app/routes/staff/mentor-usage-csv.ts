import { servicesContext } from "#app/context.ts";
import { requireAdmin } from "#app/features/staff/access.server.ts";
import { mentorUsage, usageCsv } from "#app/features/mentorship/usage.server.ts";
import { csvDownload } from "#app/lib/text/csv-file.ts";
import type { Route } from "./+types/mentor-usage-csv";

/** The Mentors page's table as CSV, for administrators. */
export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context, "/staff/mentors");
  return csvDownload(usageCsv(await mentorUsage(context.get(servicesContext).db)), "mentor-usage.csv");
}
