import { getFormProps, useForm } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import type { z } from "zod";
import { HoneypotField } from "#app/components/honeypot-field.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { conformFieldProps as fieldProps, TextField } from "#app/components/text-field.tsx";
import { EMAIL_MAX_LENGTH } from "#app/lib/text/email.ts";
import { CaptchaField } from "../captcha/captcha-field.tsx";
import type { CaptchaSettings } from "../captcha/settings.ts";
import { contactFieldLabels, contactFormIdentity, contactStatusText, MESSAGE_MAX_LENGTH } from "../fields.ts";
import type { contactMessageSchema } from "../schemas.ts";
import type { ContactActionData } from "../types.ts";

const action = "/contact";

/**
 * The schema's fields, and `captcha`: the widget posts its answer under a name of its own, and the
 * server reports a refused answer there (submit.server.ts).
 */
type ContactFormFields = z.input<typeof contactMessageSchema> & { captcha?: string };

/**
 * The contact form. It posts to /contact with or without JavaScript: a refused post comes back
 * with the typed values and a message beside each field; an accepted one redirects to
 * /contact?sent=1, and (with JavaScript, without reloading the page) the form is cleared.
 */
export function ContactForm({
  captcha,
  sent,
  actionData,
  prefillMessage = "",
}: {
  captcha: CaptchaSettings;
  sent: boolean;
  actionData?: ContactActionData;
  /** A message to start from (an order for a book of the E-Library). */
  prefillMessage?: string;
}) {
  const [form, fields] = useForm<ContactFormFields>({
    id: "contact-form",
    lastResult: actionData?.result,
    defaultValue: { message: prefillMessage },
  });
  const formRef = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const location = useLocation();
  const sending =
    navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST" && navigation.formAction?.split("?")[0] === action;

  // A new captcha widget after the server refused the last answer (it is spent or expired)
  // and after a message was sent.
  const [captchaRound, setCaptchaRound] = useState(0);
  useEffect(() => {
    if (actionData?.result.error?.captcha) setCaptchaRound((round) => round + 1);
  }, [actionData]);

  // Arriving at /contact?sent=1 after sending: empty the form for the next message.
  const arrivedAt = useRef(location.key);
  useEffect(() => {
    if (location.key === arrivedAt.current) return;
    arrivedAt.current = location.key;
    if (sent) {
      formRef.current?.reset();
      setCaptchaRound((round) => round + 1);
    }
  }, [location.key, sent]);

  const status = sending ? contactStatusText.sending : (actionData?.message ?? (sent ? contactStatusText.sent : ""));
  const failed = !sending && Boolean(actionData);

  return (
    <Form ref={formRef} method="post" action={action} {...getFormProps(form)} className="mt-4 space-y-4">
      <HoneypotField />
      <input type="hidden" name="from_name" defaultValue={contactFormIdentity.fromName} />
      <input type="hidden" name="subject" defaultValue={contactFormIdentity.subject} />
      <TextField
        key={fields.name.key}
        {...fieldProps(fields.name)}
        label={contactFieldLabels.name}
        type="text"
        required
        autoComplete="name"
      />
      <TextField
        key={fields.email.key}
        {...fieldProps(fields.email)}
        label={contactFieldLabels.email}
        type="email"
        required
        autoComplete="email"
        maxLength={EMAIL_MAX_LENGTH}
      />
      <TextField
        key={fields.phone.key}
        {...fieldProps(fields.phone)}
        label={contactFieldLabels.phone}
        type="tel"
        required
        autoComplete="tel"
        hint="Digits, with an optional + in front."
      />
      <TextField
        key={fields.message.key}
        {...fieldProps(fields.message)}
        label={contactFieldLabels.message}
        multiline
        hint={`Optional, up to ${MESSAGE_MAX_LENGTH} characters.`}
      />
      <CaptchaField settings={captcha} error={fields.captcha.errors?.[0]} round={captchaRound} />
      <SubmitButton busy={sending} className="btn-primary w-full">
        Send Message
      </SubmitButton>
      <p role="status" className={`min-h-6 text-sm ${failed ? "text-red-700" : "text-emerald-800"}`}>
        {status}
      </p>
    </Form>
  );
}
