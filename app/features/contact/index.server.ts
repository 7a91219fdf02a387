// What other features use of contact: its outbox machinery, which carries account mails too.
export { startDeliverer, type Deliverer } from "./deliverer.server.ts";
export { createSmtpMailer, messageIdHost } from "./smtp-transport.server.ts";
export type { Transport } from "./transport.ts";
