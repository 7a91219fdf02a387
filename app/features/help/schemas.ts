import { z } from "zod";
import { optionalTextSchema } from "#app/lib/text/text-schemas.ts";
import { HELP_QUESTION_MAX_LENGTH } from "./limits.ts";

/**
 * A question as typed: spaces collapsed, control characters dropped, at most HELP_QUESTION_MAX_LENGTH
 * characters; only invisible characters are no question ("").
 */
export const helpQuestionSchema = z
  .string()
  .transform((text) => text.replace(/\p{Cc}/gu, " ").replace(/\s+/g, " "))
  .pipe(
    optionalTextSchema({
      label: "Your question",
      notText: "Please type your question.",
      max: HELP_QUESTION_MAX_LENGTH,
      tooLong: `Your question is too long. Please ask it in at most ${HELP_QUESTION_MAX_LENGTH} characters, for example “How do I register?”.`,
    }),
  );
