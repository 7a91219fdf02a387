import type { SubmissionResult } from "@conform-to/react";

/** What the contact action answers when it refuses a post: the form's state, and the status text. */
export interface ContactActionData {
  result: SubmissionResult<string[]>;
  message: string;
}
