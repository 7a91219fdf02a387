import { z } from "zod";
import { MESSAGE_MAX_LENGTH, STACK_MAX_LENGTH, PATH_MAX_LENGTH } from "./limits.ts";

/** Text cut to `max` characters: a longer stack is still worth reading, so it is not refused. */
const clippedText = (field: string, max: number) => z.string({ error: `${field} must be text.` }).transform((text) => text.slice(0, max));

/** One error a page reports to POST /errors (app/features/error-reporting/browser-reporter.ts). */
export const browserErrorReportSchema = z.object({
  kind: z.enum(["error", "unhandledrejection", "boundary"], {
    error: 'kind must be "error", "unhandledrejection" or "boundary".',
  }),
  message: z
    .string({ error: "message must be text." })
    .trim()
    .min(1, "message must not be empty.")
    .transform((text) => text.slice(0, MESSAGE_MAX_LENGTH)),
  stack: clippedText("stack", STACK_MAX_LENGTH).optional(),
  componentStack: clippedText("componentStack", STACK_MAX_LENGTH).nullish(),
  /** The page the error happened on: its path, without query string. */
  path: clippedText("path", PATH_MAX_LENGTH),
});

export type BrowserErrorReport = z.infer<typeof browserErrorReportSchema>;
