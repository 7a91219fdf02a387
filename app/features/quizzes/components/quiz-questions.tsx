import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { CodeListing } from "./code-listing.tsx";
import { answerField, CURRENT_FIELD, KEEP_PLACE_FIELD, type PublicQuestion, type QuizProgressView } from "../types.ts";
import { forgetPlaceInBrowser, keepPlaceInBrowser, placeInBrowser } from "../place-in-browser.ts";
import { focusAndReveal } from "./focus-and-reveal.ts";
import { SubmitButton } from "#app/components/submit-button.tsx";

/**
 * The quiz sheet: a personal part of the quiz page (app/lib/personal/). It opens at the learner's
 * place: the server's sheet after a step without JavaScript, else the signed-in learner's kept place.
 */
export function QuizSheet({
  quizSlug,
  questions,
  stepAnswered,
  person,
}: {
  quizSlug: string;
  questions: PublicQuestion[];
  /** The choices of the sheet the server answered a step with; null on a page opened afresh. */
  stepAnswered: (number | null)[] | null;
  person: QuizProgressView;
}) {
  return (
    <QuizQuestions
      // A new sheet from the server (no-JS step) starts a new component state.
      key={stepAnswered?.length ?? "opened"}
      quizSlug={quizSlug}
      questions={questions}
      answered={stepAnswered ?? person.answered}
      placeKept={person.signedIn ? "on the server" : "in the browser"}
    />
  );
}

/**
 * The question steps. Without JavaScript every Next posts the sheet so far and the
 * server answers with the next question; with it, Next moves on in the browser and
 * only the last one posts. The answer key is on the server either way. The place is kept
 * where it survives a reload, Back and another page: a signed-in learner's on the server (each
 * Next posts it in the background), a visitor's in this browser (localStorage), a page without
 * JavaScript's in its form; a staff preview's nowhere.
 */
export function QuizQuestions({
  quizSlug,
  questions,
  answered: answeredBefore,
  placeKept,
}: {
  quizSlug: string;
  questions: PublicQuestion[];
  answered: (number | null)[];
  placeKept: "on the server" | "in the browser" | "nowhere";
}) {
  const [answered, setAnswered] = useState(answeredBefore);
  const [selected, setSelected] = useState<number | null>(null);
  const stepRef = useRef<HTMLFormElement>(null);
  const movedOn = useRef(false);
  const submitting = useNavigation().state === "submitting";
  const keeper = useFetcher();
  const step = answered.length;
  const question = questions[step]!;
  const last = step === questions.length - 1;

  useEffect(() => {
    // After Next, reading continues at the new question (its counter first), as after a page load.
    if (movedOn.current && stepRef.current) focusAndReveal(stepRef.current);
  }, [step]);

  useEffect(() => {
    // A visitor's page opens at question 1 for everyone; this browser may know better.
    if (placeKept !== "in the browser" || answeredBefore.length > 0) return;
    const kept = placeInBrowser(quizSlug, questions);
    if (kept.length > 0) setAnswered(kept);
  }, [placeKept, answeredBefore, quizSlug, questions]);

  const next = (event: FormEvent<HTMLFormElement>) => {
    if (last) {
      if (placeKept === "in the browser") forgetPlaceInBrowser(quizSlug);
      return; // the whole sheet goes to the server
    }
    event.preventDefault();
    const now = [...answered, selected];
    if (placeKept === "on the server") {
      const sheet = new FormData(event.currentTarget);
      sheet.set(KEEP_PLACE_FIELD, "1");
      void keeper.submit(sheet, { method: "post" });
    } else if (placeKept === "in the browser") keepPlaceInBrowser(quizSlug, questions, now);
    movedOn.current = true;
    setAnswered(now);
    setSelected(null);
  };

  return (
    <Form ref={stepRef} method="post" onSubmit={next} className="mx-auto max-w-2xl" aria-labelledby="question-heading">
      <input type="hidden" name={CURRENT_FIELD} value={question.id} />
      {answered.map((choice, index) => (
        <input key={questions[index]!.id} type="hidden" name={answerField(questions[index]!.id)} value={choice ?? ""} />
      ))}
      <p className="section-kicker" aria-live="polite">
        Question {step + 1} of {questions.length}
      </p>
      <progress className="mb-6 block h-2 w-full accent-brand-700" aria-label="Quiz progress" max={questions.length} value={step} />
      {/* A formatted question that starts with a list or code is named by its number: its text describes the choice. */}
      <fieldset key={question.id} aria-describedby={question.textHtml?.heading === "" ? "question-body" : undefined}>
        <legend className="w-full">
          <QuestionHeading question={question} number={step + 1} />
        </legend>
        {question.textHtml ? (
          question.textHtml.body && (
            <div id="question-body" className="question-text mt-4" dangerouslySetInnerHTML={{ __html: question.textHtml.body }} />
          )
        ) : (
          <CodeListing code={question.code} />
        )}
        <div className="mt-6 grid gap-3">
          {question.options.map((option, index) => (
            <label
              key={option}
              // The highlight follows the checked radio, so it needs no script.
              className="flex cursor-pointer items-center gap-3 rounded-md border-2 border-gray-200 p-4 hover:border-gray-400 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:checked]:font-semibold has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-600"
            >
              <input
                type="radio"
                name={answerField(question.id)}
                value={index}
                checked={selected === index}
                onChange={() => setSelected(index)}
                className="size-4 accent-brand-700"
              />
              {option}
            </label>
          ))}
        </div>
      </fieldset>
      {/* Finish waits for the last step's place to be kept, so that it cannot come back after the attempt. */}
      <SubmitButton busy={submitting || (last && keeper.state !== "idle")} className="btn-primary mt-8">
        {last ? "Finish" : "Next"}
      </SubmitButton>
    </Form>
  );
}

/**
 * The question as the step's heading: its text, or the first line of a formatted one (HTML made
 * safe on the server). A formatted text that starts with a list or code is named by its number.
 */
function QuestionHeading({ question, number }: { question: PublicQuestion; number: number }) {
  const className = "text-2xl font-bold";
  if (!question.textHtml) {
    return (
      <h2 id="question-heading" tabIndex={-1} className={`${className} whitespace-pre-line`}>
        {question.question}
      </h2>
    );
  }
  if (!question.textHtml.heading) {
    return (
      <h2 id="question-heading" tabIndex={-1} className="sr-only">
        Question {number}
      </h2>
    );
  }
  return (
    <h2
      id="question-heading"
      tabIndex={-1}
      className={`question-text ${className}`}
      dangerouslySetInnerHTML={{ __html: question.textHtml.heading }}
    />
  );
}
