import { z } from "zod";
import { emailSchema } from "#app/lib/text/email-schema.ts";

export const newsletterSignupSchema = z.object({ email: emailSchema });
