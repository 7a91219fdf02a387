import { Form, useNavigation } from "react-router";
import { SubmitButton } from "#app/components/submit-button.tsx";
import type { StaffMessage } from "../staff-messages.server.ts";

/** The anchor of a message on the staff page: the page comes back to it after a button. */
export const messageAnchor = (id: string) => `message-${id}`;

/** Digits and a leading + are all a tel: link may hold. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

/** One contact message for staff: who wrote, what, how its delivery went, and whether someone took care of it. */
export function StaffMessageCard({ message }: { message: StaffMessage }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === message.id;
  const headingId = `${messageAnchor(message.id)}-name`;
  return (
    <article
      id={messageAnchor(message.id)}
      aria-labelledby={headingId}
      className="scroll-mt-4 rounded-lg border border-gray-300 p-5 shadow-sm"
    >
      <h2 id={headingId} className="text-xl font-bold break-words">
        {message.name}
      </h2>
      <dl className="mt-3 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Email</dt>
        <dd className="break-all">
          <a href={`mailto:${message.email}`} className="text-brand-800 underline">
            {message.email}
          </a>
        </dd>
        <dt className="font-semibold">Phone</dt>
        <dd>
          <a href={telHref(message.phone)} className="text-brand-800 underline">
            {message.phone}
          </a>
        </dd>
        <dt className="font-semibold">Received</dt>
        <dd>{message.received}</dd>
        <dt className="font-semibold">Delivery</dt>
        <dd className="break-words">{message.delivery}</dd>
        <dt className="font-semibold">Handled</dt>
        <dd>{message.handled ? `Handled by ${message.handled.by} on ${message.handled.on}` : "Not handled yet"}</dd>
      </dl>
      <h3 className="mt-4 font-semibold">Message</h3>
      {message.message ? (
        // Kept as the person typed it: line breaks and spaces included, never read as markup.
        <p className="mt-1 whitespace-pre-wrap break-words rounded-md bg-gray-50 p-3">{message.message}</p>
      ) : (
        <p className="mt-1 text-muted">No message written (name, email and phone only).</p>
      )}
      {message.attempts.length > 0 && (
        <details className="mt-4">
          <summary className="cursor-pointer font-semibold text-brand-800 underline">Delivery attempts ({message.attempts.length})</summary>
          <ol className="mt-2 list-decimal space-y-1 pl-6">
            {message.attempts.map((attempt) => (
              <li key={attempt.id} className="break-words">
                {attempt.at}: {attempt.outcome === "sent" ? "sent" : "failed"}
                {attempt.detail && ` — ${attempt.detail}`}
              </li>
            ))}
          </ol>
        </details>
      )}
      <Form method="post" className="mt-4">
        <input type="hidden" name="id" value={message.id} />
        <input type="hidden" name="intent" value={message.handled ? "unhandle" : "handle"} />
        <SubmitButton busy={busy} className={message.handled ? "btn-light border border-gray-400" : "btn-primary"}>
          {message.handled ? "Mark as not handled" : "Mark as handled"}
          <span className="sr-only"> (message from {message.name})</span>
        </SubmitButton>
      </Form>
    </article>
  );
}
