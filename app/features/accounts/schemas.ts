import { z } from "zod";
import { emailSchema } from "#app/lib/text/email-schema.ts";
import { optionalTextSchema, requiredTextSchema } from "#app/lib/text/text-schemas.ts";
import { ADDRESS_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./limits.ts";

const PASSWORD_MAX_LENGTH = 256;

const phoneSchema = z
  .string({ error: "Please enter your phone number." })
  // People type spaces and dashes in numbers; only the digits matter.
  .transform((value) => value.replace(/[\s-]/g, ""))
  .pipe(
    z
      .string()
      .min(1, "Please enter your phone number.")
      .regex(/^\+?\d{6,15}$/, "Please enter your phone number in digits, with an optional + in front (e.g. +91 44 2000 0000)."),
  );

/** A new password, typed twice. */
const newPasswordFields = {
  password1: z
    .string({ error: "Please choose a password." })
    .min(1, "Please choose a password.")
    .min(PASSWORD_MIN_LENGTH, `Your password needs at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(PASSWORD_MAX_LENGTH, `Your password can have at most ${PASSWORD_MAX_LENGTH} characters.`),
  password2: z.string({ error: "Please type your password again." }).min(1, "Please type your password again."),
};
const passwordsMatch: [(form: { password1: string; password2: string }) => boolean, { path: string[]; message: string }] = [
  (form) => form.password1 === form.password2,
  { path: ["password2"], message: "The two passwords do not match." },
];

export const registerSchema = z
  .object({
    name: requiredTextSchema({
      label: "Your name",
      required: "Please enter your name.",
      max: 100,
      tooLong: "Please keep your name under 100 characters.",
    }),
    phone: phoneSchema,
    email: emailSchema,
    ...newPasswordFields,
  })
  .refine(...passwordsMatch);

export const newPasswordSchema = z.object(newPasswordFields).refine(...passwordsMatch);

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const emailChangeSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: "Please enter your current password." })
    .min(1, "Please enter your current password.")
    .max(PASSWORD_MAX_LENGTH),
});

export type Registration = z.infer<typeof registerSchema>;
export type RegisterField = keyof z.input<typeof registerSchema>;

export const accountContactSchema = z.object({
  phone: phoneSchema,
  address: optionalTextSchema({
    label: "The address",
    notText: "Please type the address as text.",
    max: ADDRESS_MAX_LENGTH,
    tooLong: `Please keep the address under ${ADDRESS_MAX_LENGTH} characters.`,
  })
    .optional()
    .transform((address) => address || null),
});

/** A registration link's page: the password chosen when registering, typed again. */
export const registrationPasswordSchema = z.object({
  password: z
    .string({ error: "Please type your password." })
    .min(1, "Please type your password.")
    .max(PASSWORD_MAX_LENGTH, `Your password can have at most ${PASSWORD_MAX_LENGTH} characters.`),
});

export const signInIncomplete = "Please enter your email address and your password.";

/**
 * The built-in provider's sign-in form. A field missing or blank gets one message for the whole
 * form, said once above the fields: which of the two was wrong tells nobody anything useful.
 */
export const signInSchema = z
  .object({ email: z.string().trim().catch(""), password: z.string().catch("") })
  .refine(({ email, password }) => email !== "" && password !== "", signInIncomplete);
