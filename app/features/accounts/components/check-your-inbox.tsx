import { EmailAddress } from "#app/components/email-address.tsx";
import { ACCOUNT_MAIL_WINDOW_MINUTES, ACCOUNT_MAILS_PER_RECIPIENT, LINK_LIFETIME_MINUTES } from "../limits.ts";
import type { ReactNode } from "react";

/**
 * The answer to a form that mailed a link. It reads the same whether or not the address has an
 * account, so the form tells nobody which addresses are registered.
 */
export function CheckYourInbox({ email, children }: { email: string; children: ReactNode }) {
  return (
    <div role="status" className="mt-4 space-y-3">
      <p className="font-semibold">
        Please check the inbox of{" "}
        <span className="break-words">
          <EmailAddress address={email} />
        </span>
        : a mail is on its way.
      </p>
      <p>{children}</p>
      <p className="text-sm text-muted">
        The link in it works once, for {LINK_LIFETIME_MINUTES} minutes. No mail after a few minutes? Look in your spam folder, or check the
        address and send the form again. An address gets at most {ACCOUNT_MAILS_PER_RECIPIENT} of these mails in{" "}
        {ACCOUNT_MAIL_WINDOW_MINUTES} minutes; past that, the link in the last one still works.
      </p>
    </div>
  );
}
