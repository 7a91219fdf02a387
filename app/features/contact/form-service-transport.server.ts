import { contactFormIdentity } from "./fields.ts";
import type { DeliveryOutcome } from "#app/lib/outbox/transport.ts";
import type { ContactTransport } from "./transport.ts";

export interface FormServiceSettings {
  /** CONTACT_FORWARD_URL */
  url: string;
  /** CONTACT_ACCESS_KEY */
  accessKey: string;
}

const timeoutMs = 10_000;

/** What the service said, when it answered with the spec's JSON: `success` and `message`. */
async function readAnswer(response: Response): Promise<{ success?: unknown; message?: unknown }> {
  try {
    const body: unknown = await response.json();
    return body && typeof body === "object" ? body : {};
  } catch {
    return {};
  }
}

function outcomeOf(status: number, answer: { success?: unknown; message?: unknown }): DeliveryOutcome {
  const said = typeof answer.message === "string" && answer.message.trim() ? answer.message.trim() : undefined;
  if (status >= 200 && status < 300 && answer.success === true)
    return { ok: true, detail: `Accepted by the form service: ${said ?? "success"}` };
  // Busy or broken on their side: worth another try later.
  if (status >= 500 || status === 429)
    return { ok: false, permanent: false, detail: `The form service answered HTTP ${status}${said ? `: ${said}` : ""}` };
  if (status >= 300 && status < 400) {
    return { ok: false, permanent: false, detail: `The form service answered with a redirect (HTTP ${status}); check CONTACT_FORWARD_URL` };
  }
  if (status >= 400 || answer.success === false) {
    return { ok: false, permanent: true, detail: `The form service refused the message (HTTP ${status}): ${said ?? "no reason given"}` };
  }
  return { ok: false, permanent: false, detail: `The form service gave an answer we cannot read (HTTP ${status})` };
}

/** Posts each message to a third-party form service, as the spec's contact form did from the browser. */
export function createFormServiceTransport({ url, accessKey }: FormServiceSettings): ContactTransport {
  return {
    name: "form service",
    secrets: [accessKey],
    async deliver(message) {
      const form = new FormData();
      form.set("access_key", accessKey);
      form.set("name", message.name);
      form.set("email", message.email);
      form.set("phone", message.phone);
      form.set("message", message.message);
      form.set("from_name", contactFormIdentity.fromName);
      form.set("subject", contactFormIdentity.subject);
      try {
        // Never follow a redirect: it could carry the access key to another host.
        const response = await fetch(url, {
          method: "POST",
          body: form,
          headers: { Accept: "application/json" },
          redirect: "manual",
          signal: AbortSignal.timeout(timeoutMs),
        });
        return outcomeOf(response.status, await readAnswer(response));
      } catch (error) {
        const reason =
          error instanceof Error && error.name === "TimeoutError" ? `no answer within ${timeoutMs / 1000} s` : describeNetworkError(error);
        return { ok: false, permanent: false, detail: `Could not reach the form service: ${reason}` };
      }
    },
  };
}

/** fetch hides the reason (refused, unknown host) in `cause`. */
function describeNetworkError(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}
