import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";

/**
 * What a staff page's action answers when it refuses a form: which form (a literal the page tells
 * its forms apart by), its state, and a message.
 */
export interface StaffFormReply<Form extends string = string> {
  form: Form;
  result?: SubmissionResult<string[]>;
  message: string;
}

export const refuseForm = <Form extends string>(form: Form, message: string, status: number, result?: SubmissionResult<string[]>) =>
  data<StaffFormReply<Form>>({ form, message, result }, { status });

/** A refused form's message when its fields say what is wrong. */
export const problemsText = "Please correct the fields marked below.";
