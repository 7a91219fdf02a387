import { z } from "zod";
import { addressOfSchema } from "#app/lib/text/email-schema.ts";

/** A person put on a team: by the address they sign in with, as owner or teacher. */
export const teamMemberSchema = z.object({
  email: addressOfSchema("Give the teacher's email address, the one they sign in with."),
  role: z.enum(["owner", "teacher"], { error: "Choose owner or teacher." }),
});
