import { Form } from "react-router";
import {
  CODE_MAX_LENGTH,
  EXPLANATION_MAX_LENGTH,
  MAX_OPTIONS,
  OPTION_MAX_LENGTH,
  QUESTION_MAX_LENGTH,
  QUESTION_SOURCE_MAX_LENGTH,
  questionFormatNames,
} from "../limits.ts";

export interface QuestionValues {
  /** How the question's text is written: "plain", "markdown" or "html". */
  format: string;
  /** As written: plain text, or the Markdown or HTML. */
  question: string;
  code: string;
  /** Six fields, blank ones unused. */
  options: string[];
  /** The right option's number, "1" to "6". */
  correct: string;
  /** Why the right answer is right, shown in the review; may be blank. */
  explanation: string;
}

/**
 * A question with its options: six option fields (blank ones are left out, two at least) and a
 * radio button beside each to mark the one right answer. Without JavaScript as with it: the
 * server checks the rules and sends the form back as typed, with what to correct.
 */
export function QuestionForm({
  id,
  number,
  values,
  message,
  problems,
  last,
}: {
  /** The stored question's id; undefined for the form that adds one. */
  id?: string;
  number?: number;
  values: QuestionValues;
  message?: string;
  problems?: string[];
  last?: boolean;
}) {
  const key = id ?? "new";
  const label = number ? `Question ${number}` : "A new question";
  return (
    <Form method="post" aria-label={label} preventScrollReset className="rounded-lg border border-gray-200 p-5">
      {id && <input type="hidden" name="id" value={id} />}
      {message && (
        <div role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
          <p>{message}</p>
          {problems && (
            <ul className="mt-2 list-disc pl-6">
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div className="space-y-4">
        <div>
          <label htmlFor={`${key}-format`} className="block font-medium">
            Written as
          </label>
          <select
            id={`${key}-format`}
            name="format"
            defaultValue={values.format}
            aria-describedby={`${key}-format-hint`}
            className="mt-1 rounded-md border border-gray-400 px-3 py-2"
          >
            {Object.entries(questionFormatNames).map(([format, name]) => (
              <option key={format} value={format}>
                {name}
              </option>
            ))}
          </select>
          <p id={`${key}-format-hint`} className="mt-1 text-sm text-muted">
            Plain text shows as typed, line breaks kept, with the code below. Markdown (<code>**bold**</code>, <code>`code`</code>, lists,
            code blocks between lines of three backticks) and HTML (as Moodle writes it) show their formatting; scripts, styles and frames
            are left out, as are pictures from other sites. The words count up to {QUESTION_MAX_LENGTH.toLocaleString("en-US")} characters.
          </p>
        </div>
        <div>
          <label htmlFor={`${key}-question`} className="block font-medium">
            {label}
          </label>
          <textarea
            id={`${key}-question`}
            name="question"
            rows={values.format === "plain" ? 2 : 5}
            required
            maxLength={QUESTION_SOURCE_MAX_LENGTH}
            defaultValue={values.question}
            aria-describedby={`${key}-format-hint`}
            className="mt-1 w-full rounded-md border border-gray-400 px-3 py-2"
          />
        </div>
        <div>
          <label htmlFor={`${key}-code`} className="block font-medium">
            Code shown with the question (optional, plain text only)
          </label>
          <textarea
            id={`${key}-code`}
            name="code"
            rows={3}
            maxLength={CODE_MAX_LENGTH}
            defaultValue={values.code}
            className="mt-1 w-full rounded-md border border-gray-400 px-3 py-2 font-mono text-sm"
          />
        </div>
        <fieldset>
          <legend className="font-medium">Options: fill 2 to {MAX_OPTIONS}, and mark the right one</legend>
          <ol className="mt-2 grid gap-2">
            {Array.from({ length: MAX_OPTIONS }, (_, index) => {
              const n = index + 1;
              return (
                <li key={n} className="flex items-center gap-3">
                  <input
                    type="radio"
                    id={`${key}-correct-${n}`}
                    name="correct"
                    value={n}
                    defaultChecked={values.correct === String(n)}
                    className="size-5 accent-brand-700"
                  />
                  <label htmlFor={`${key}-correct-${n}`} className="sr-only">
                    Option {n} is the right answer
                  </label>
                  <label htmlFor={`${key}-option-${n}`} className="w-20 shrink-0 text-sm">
                    Option {n}
                  </label>
                  <input
                    id={`${key}-option-${n}`}
                    name={`option${n}`}
                    maxLength={OPTION_MAX_LENGTH}
                    defaultValue={values.options[index] ?? ""}
                    className="w-full rounded-md border border-gray-400 px-3 py-1.5"
                  />
                </li>
              );
            })}
          </ol>
        </fieldset>
        <div>
          <label htmlFor={`${key}-explanation`} className="block font-medium">
            Explanation (optional)
          </label>
          <p id={`${key}-explanation-hint`} className="mt-1 text-sm text-muted">
            Why the right answer is right: learners read it in the review after they finish.
          </p>
          <textarea
            id={`${key}-explanation`}
            name="explanation"
            rows={2}
            maxLength={EXPLANATION_MAX_LENGTH}
            defaultValue={values.explanation}
            aria-describedby={`${key}-explanation-hint`}
            className="mt-1 w-full rounded-md border border-gray-400 px-3 py-2"
          />
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="submit" name="intent" value={id ? "question-update" : "question-add"} className="btn-primary">
          {id ? "Save the question" : "Add the question"}
        </button>
        {id && (
          <>
            <MoveButton direction="up" number={number} atEnd={number === 1} />
            <MoveButton direction="down" number={number} atEnd={last} />
            <button
              type="submit"
              name="intent"
              value="question-delete"
              formNoValidate
              className="btn-light border border-red-400 text-red-800"
            >
              Delete
            </button>
          </>
        )}
      </div>
    </Form>
  );
}

/**
 * Moves the question a place. At the first or last place it says it can go no further instead of
 * being disabled: a disabled button would drop the keyboard's focus to the page.
 */
function MoveButton({ direction, number, atEnd }: { direction: "up" | "down"; number?: number; atEnd?: boolean }) {
  return (
    <button
      type="submit"
      name="intent"
      value={`question-${direction}`}
      formNoValidate
      aria-disabled={atEnd || undefined}
      onClick={(event) => {
        if (atEnd) event.preventDefault();
      }}
      className="btn-light border border-gray-300 aria-disabled:cursor-not-allowed aria-disabled:border-dashed aria-disabled:text-gray-600"
      aria-label={`Move question ${number} ${direction}`}
    >
      {direction === "up" ? "Up" : "Down"}
    </button>
  );
}
