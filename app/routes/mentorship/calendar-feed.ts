import { servicesContext } from "#app/context.ts";
import { feedOf } from "#app/features/mentorship/calendar-feed.server.ts";
import { mailSettingsOf } from "#app/features/mentorship/mail.server.ts";
import type { Route } from "./+types/calendar-feed";

/** A person's private calendar feed: /mentorship/calendar/<token>.ics, for a calendar app to subscribe to. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext);
  const token = /^(.+)\.ics$/.exec(params.file)?.[1];
  const calendar = token ? await feedOf(db, token, mailSettingsOf(config)) : undefined;
  if (!calendar)
    return new Response("There is no calendar at this address. Its owner may have made a new one: the old address stops working then.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  return new Response(calendar, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="mentoring-sessions.ics"',
      // The address is the key: nothing along the way keeps a copy.
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "no-referrer",
    },
  });
}
