import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";

/** What a staff page's action answers when it refuses a form: which form, its state, and a message. */
export interface StaffFormReply {
  form: string;
  result?: SubmissionResult<string[]>;
  message: string;
}

export const refuseForm = (form: string, message: string, status: number, result?: SubmissionResult<string[]>) =>
  data<StaffFormReply>({ form, message, result }, { status });

/** A refused form's message when its fields say what is wrong. */
export const problemsText = "Please correct the fields marked below.";
