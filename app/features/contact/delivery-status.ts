import type { Database } from "#app/lib/db/schema.ts";
import { formatCollegeTime } from "#app/lib/text/college-time.ts";

type StatusFields = Pick<Database["contact_messages"], "status" | "attempts" | "next_attempt_at" | "last_error" | "delivered_at">;

/** A message's delivery, in words for staff. */
export function describeDelivery(message: StatusFields): string {
  const at = (iso: string | null) => (iso ? formatCollegeTime(iso) : "an unknown time");
  switch (message.status) {
    case "sent":
      // Not "by email" or "to the form service": the delivery may have been configured otherwise then; each attempt's detail says how.
      return `Delivered on ${at(message.delivered_at)}`;
    case "pending":
      return `Waiting to be delivered (attempt ${message.attempts + 1}, next try at ${at(message.next_attempt_at)})`;
    case "sending":
      return `Being delivered now (attempt ${message.attempts + 1})`;
    case "failed":
      return `Could not be delivered: ${message.last_error ?? "no reason recorded"}`;
    case "kept":
      return "Kept here: no delivery is configured";
  }
}
