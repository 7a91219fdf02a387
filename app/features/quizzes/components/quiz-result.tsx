import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { focusAndReveal } from "./focus-and-reveal.ts";
import { revealDelayClass } from "#app/components/reveal-delay.ts";
import { useHydrated } from "#app/components/use-hydrated.ts";
import { RESULT_ALERT_DELAY_SECONDS } from "../limits.ts";
import { percentage } from "#app/lib/text/percentage.ts";
import { signInHref } from "#app/features/auth/index.ts";
import { ATTEMPTS_PER_HOUR, type QuizActionResult } from "../types.ts";

/**
 * Score, total and percentage; 3 s later the spec's 'Well done!' alert with a link to
 * the course, with and without JavaScript.
 */
export function QuizResult({
  score,
  total,
  pathname,
  coursePath,
  saved,
  reviewHref,
}: {
  score: number;
  total: number;
  pathname: string;
  coursePath: string;
  saved: Extract<QuizActionResult, { phase: "result" }>["saved"];
  reviewHref: string | null;
}) {
  const hydrated = useHydrated();
  // A result rendered by the server (no JavaScript, or before hydration) delays its alert with CSS;
  // one rendered in the browser inserts it after the delay, so screen readers announce it.
  const [renderedInBrowser] = useState(hydrated);
  const [alertDue, setAlertDue] = useState(!renderedInBrowser);
  const [alertOpen, setAlertOpen] = useState(true);
  const resultRef = useRef<HTMLElement>(null);
  // The Finish button is gone: reading continues at the result.
  useEffect(() => {
    if (resultRef.current) focusAndReveal(resultRef.current);
  }, []);
  useEffect(() => {
    if (alertDue) return;
    const timer = setTimeout(() => setAlertDue(true), RESULT_ALERT_DELAY_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [alertDue]);
  const percent = percentage(score, total);
  const cssDelayedAlert = renderedInBrowser ? "" : `reveal-later ${revealDelayClass(RESULT_ALERT_DELAY_SECONDS)}`;
  return (
    <section ref={resultRef} aria-labelledby="result-heading" className="mx-auto max-w-2xl text-center">
      <h2 id="result-heading" tabIndex={-1} className="text-3xl font-bold">
        Your result
      </h2>
      <p className="mt-4 text-xl" data-testid="quiz-score">
        You scored <strong>{score}</strong> out of <strong>{total}</strong>: <strong>{percent}%</strong>
      </p>
      <progress className="mx-auto mt-4 block h-3 w-full max-w-md accent-brand-700" max={100} value={percent} aria-hidden="true" />
      {reviewHref ? (
        <p className="mt-6">
          Your attempt is saved to your profile.{" "}
          <Link to={reviewHref} className="font-semibold underline">
            Review your answers
          </Link>
        </p>
      ) : saved === "limit-reached" ? (
        <p className="mt-6">
          You have finished {ATTEMPTS_PER_HOUR} quizzes in the last hour, which is as many as we keep: this attempt was not saved.
        </p>
      ) : (
        <p className="mt-6">
          <Link to={signInHref(pathname)} className="font-semibold underline">
            Sign in
          </Link>{" "}
          to keep your attempts and review each answer.
        </p>
      )}
      <Link to={pathname} className="btn-primary mt-8">
        Try Again
      </Link>
      {alertDue && alertOpen && (
        <div
          role="alert"
          className={`${cssDelayedAlert} mx-auto mt-8 flex max-w-md items-center justify-between gap-4 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-left text-emerald-950`}
        >
          <p>
            <strong>Well done!</strong> Keep going with the course.{" "}
            <Link to={coursePath} className="font-semibold underline">
              Watch Now
            </Link>
          </p>
          {hydrated && (
            <button type="button" onClick={() => setAlertOpen(false)} className="rounded p-1 text-2xl leading-none" aria-label="Close">
              ×
            </button>
          )}
        </div>
      )}
    </section>
  );
}
