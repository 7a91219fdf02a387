import type { Database } from "../../lib/db/schema.ts";
import type { ContactDelivery } from "./delivery-settings.server.ts";
import { formatIndiaTime } from "./format-time.ts";

type StatusFields = Pick<Database["contact_messages"], "status" | "attempts" | "next_attempt_at" | "last_error" | "delivered_at">;

/** Where "Delivered …" went: the staff page says it in the words of the configured delivery. */
const deliveredBy: Record<ContactDelivery["kind"], string> = {
  smtp: "Delivered by email",
  "form-service": "Delivered to the form service",
  none: "Delivered",
};

/** A message's delivery, in words for staff. */
export function describeDelivery(message: StatusFields, deliveryKind: ContactDelivery["kind"]): string {
  const at = (iso: string | null) => (iso ? formatIndiaTime(iso) : "an unknown time");
  switch (message.status) {
    case "sent":
      return `${deliveredBy[deliveryKind]} on ${at(message.delivered_at)}`;
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
