import { z } from "zod";
import { HELP_QUESTION_MAX_LENGTH } from "./limits.ts";

/** A question as typed: spaces collapsed, control characters dropped, at most HELP_QUESTION_MAX_LENGTH characters. */
export const helpQuestionSchema = z
  .string()
  .transform((text) =>
    text
      .replace(/\p{Cc}/gu, " ")
      .replace(/\s+/g, " ")
      .trim(),
  )
  .pipe(
    z
      .string()
      .max(
        HELP_QUESTION_MAX_LENGTH,
        `Your question is too long. Please ask it in at most ${HELP_QUESTION_MAX_LENGTH} characters, for example “How do I register?”.`,
      ),
  );
