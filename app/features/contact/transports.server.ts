import { mailSender, type Config } from "#app/lib/config/env.server.ts";
import { contactDelivery } from "./delivery-settings.server.ts";
import { createFormServiceTransport } from "./form-service-transport.server.ts";
import { createSmtpTransport } from "./smtp-transport.server.ts";
import type { ContactTransport } from "./transport.ts";

/** The transport the configuration asks for, or null when messages are only kept for staff. */
export function createContactTransport(config: Config): ContactTransport | null {
  const delivery = contactDelivery(config);
  switch (delivery.kind) {
    case "smtp":
      return createSmtpTransport({ url: delivery.url, to: delivery.to, from: mailSender(config) });
    case "form-service":
      return createFormServiceTransport({ url: delivery.url, accessKey: delivery.accessKey });
    case "none":
      return null;
  }
}
