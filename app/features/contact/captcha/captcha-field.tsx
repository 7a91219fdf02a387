import { useState } from "react";
import { useHydrated } from "#app/components/use-hydrated.ts";
import { contactDetails } from "#app/content/contact.ts";
import { AltchaWidget } from "./altcha-widget.tsx";
import { HCaptchaWidget } from "./hcaptcha-widget.tsx";
import type { CaptchaSettings } from "./settings.ts";
import { captchaStateText, type CaptchaState } from "./states.ts";

/**
 * The form's check that a person is sending: the configured widget, its state in words for
 * screen readers, and the server's message about the last answer. Without JavaScript there is
 * no widget; a note offers the phone and email instead.
 */
export function CaptchaField({ settings, error, round }: { settings: CaptchaSettings; error?: string; round: number }) {
  const hydrated = useHydrated();
  const [state, setState] = useState<CaptchaState>("loading");
  // A fresh answer makes the server's complaint about the last one moot.
  const shownError = state === "verified" ? undefined : error;
  const describedBy = ["captcha-state", shownError && "captcha-error"].filter(Boolean).join(" ");
  return (
    <div role="group" aria-labelledby="captcha-label" aria-describedby={describedBy}>
      <p id="captcha-label" className="font-medium">
        Check that you are a person
      </p>
      <div className="mt-1 min-h-16">
        {hydrated &&
          (settings.kind === "altcha" ? (
            <AltchaWidget key={round} challengeUrl={settings.challengeUrl} onStateChange={setState} />
          ) : (
            <HCaptchaWidget key={round} siteKey={settings.siteKey} onStateChange={setState} />
          ))}
      </div>
      <p id="captcha-state" aria-live="polite" className="mt-1 min-h-5 text-sm text-muted">
        {hydrated ? captchaStateText[state] : ""}
      </p>
      <noscript>
        <p className="mt-1 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          This check needs JavaScript, which is off in your browser. Please phone us on{" "}
          <a href={`tel:${contactDetails.phone.replaceAll(" ", "")}`} className="underline">
            {contactDetails.phone}
          </a>{" "}
          or email{" "}
          <a href={`mailto:${contactDetails.email}`} className="underline">
            {contactDetails.email}
          </a>{" "}
          instead.
        </p>
      </noscript>
      {shownError && (
        <p id="captcha-error" className="mt-1 text-sm text-red-700">
          {shownError}
        </p>
      )}
    </div>
  );
}
