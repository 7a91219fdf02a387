import type { Ref } from "react";
import { HELP_QUESTION_MAX_LENGTH, HELP_QUESTION_PARAM } from "../limits.ts";

/** The question box and its Ask button, for the help page's form and the dialog's. */
export function QuestionField({
  id,
  defaultValue,
  invalid = false,
  errorId,
  inputRef,
}: {
  id: string;
  defaultValue?: string;
  /** The last question was refused; `errorId` names the element that says why. */
  invalid?: boolean;
  errorId?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        Your question
      </label>
      <div className="mt-1 flex gap-2">
        <input
          ref={inputRef}
          id={id}
          name={HELP_QUESTION_PARAM}
          type="text"
          enterKeyHint="search"
          autoComplete="off"
          maxLength={HELP_QUESTION_MAX_LENGTH}
          defaultValue={defaultValue}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          className="min-w-0 flex-1 rounded-md border border-gray-400 px-3 py-2"
        />
        <button type="submit" className="btn-primary">
          Ask
        </button>
      </div>
    </div>
  );
}
