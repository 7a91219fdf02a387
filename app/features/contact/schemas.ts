import { z } from "zod";
import { emailSchema } from "#app/lib/text/email-schema.ts";
import { optionalTextSchema, requiredTextSchema } from "#app/lib/text/text-schemas.ts";
import { MESSAGE_MAX_LENGTH, NAME_MAX_LENGTH, PHONE_MAX_DIGITS, PHONE_MIN_DIGITS } from "./fields.ts";

const phoneDigits = (phone: string) => phone.replace(/[+ ]/g, "").length;

/** What a person sends with the contact form; the server's own copy decides, the browser's is a hint. */
export const contactMessageSchema = z.object({
  name: requiredTextSchema({
    label: "Your name",
    required: "Please enter your name.",
    max: NAME_MAX_LENGTH,
    tooLong: `Please keep your name to ${NAME_MAX_LENGTH} characters or fewer.`,
  }),
  email: emailSchema,
  // Stored as typed (trimmed): people write numbers their own way, and staff read them.
  phone: z
    .string({ error: "Please enter your phone number." })
    .trim()
    .min(1, "Please enter your phone number.")
    .regex(/^\+?[\d ]+$/, "Please enter your phone number in digits, with an optional + in front (e.g. +91 44 2000 0000).")
    .refine((phone) => phoneDigits(phone) >= PHONE_MIN_DIGITS, `A phone number has at least ${PHONE_MIN_DIGITS} digits.`)
    .refine((phone) => phoneDigits(phone) <= PHONE_MAX_DIGITS, `A phone number has at most ${PHONE_MAX_DIGITS} digits.`),
  message: optionalTextSchema({
    label: "Your message",
    notText: "Please type your message as text.",
    max: MESSAGE_MAX_LENGTH,
    tooLong: `Please keep your message to ${MESSAGE_MAX_LENGTH} characters or fewer.`,
  })
    .optional()
    .transform((message) => message ?? ""),
});

export type ContactMessage = z.infer<typeof contactMessageSchema>;
