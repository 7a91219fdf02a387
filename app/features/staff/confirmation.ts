/** A destructive action waiting for its confirmation: what the page asks, and the post to send again. */
export interface Confirmation {
  form: "confirm";
  /** "Delete the lesson “Arrays”?" */
  question: string;
  /** What follows, in the words of the people it affects. */
  consequence: string;
  /** The button that does it: "Delete the lesson". */
  confirmLabel: string;
  fields: [string, string][];
}

/** Whether a page's action answered with a confirmation to show. */
export const isConfirmation = (reply: unknown): reply is Confirmation =>
  typeof reply === "object" && reply !== null && (reply as { form?: unknown }).form === "confirm";

/** A page's action answer, told apart: a confirmation to show, or a form's own reply. */
export function splitConfirmation<T>(answer: T | undefined): {
  confirmation: Confirmation | undefined;
  reply: Exclude<T, Confirmation> | undefined;
} {
  return isConfirmation(answer)
    ? { confirmation: answer, reply: undefined }
    : { confirmation: undefined, reply: answer as Exclude<T, Confirmation> | undefined };
}
