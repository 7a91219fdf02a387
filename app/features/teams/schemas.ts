import { z } from "zod";

const emailMessage = "Give the teacher's email address, the one they sign in with.";

/** A person put on a team: by the address they sign in with, as owner or teacher. */
export const teamMemberSchema = z.object({
  email: z
    .string({ error: emailMessage })
    .trim()
    .pipe(z.email({ error: emailMessage }).max(254, "An email address has at most 254 characters.")),
  role: z.enum(["owner", "teacher"], { error: "Choose owner or teacher." }),
});
