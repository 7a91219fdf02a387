import { Link } from "react-router";
import { needsOwnDocument } from "#app/components/nav-links.ts";
import type { HelpResult } from "../types.ts";

function summary(result: HelpResult, busy: boolean): string {
  if (busy) return "Looking for answers…";
  switch (result.status) {
    case "start":
      return "";
    case "prompt":
    case "refused":
      return result.message;
    case "no-match":
      return `Nothing on this site matches “${result.question}”.`;
    case "answered": {
      const count = result.answers.length;
      return `${count} ${count === 1 ? "answer" : "answers"} for “${result.question}”:`;
    }
  }
}

/**
 * One line on what the assistant made of the question: how many answers, none, or why it could
 * not search. A live region that stays in place, so a screen reader hears each new outcome.
 */
export function HelpSummary({ id, result, busy = false }: { id?: string; result: HelpResult; busy?: boolean }) {
  return (
    <p id={id} role="status" className={`min-h-6 ${result.status === "refused" && !busy ? "text-red-700" : ""}`}>
      {summary(result, busy)}
    </p>
  );
}

/** The answers as links to their pages, or, when nothing matched, the way to ask a person. */
export function HelpAnswerList({ result, onFollow }: { result: HelpResult; onFollow?: () => void }) {
  if (result.status === "no-match") {
    return (
      <p>
        Try other words, or ask us:{" "}
        <Link to="/contact" onClick={onFollow} className="font-semibold text-brand-800 underline">
          the contact page
        </Link>{" "}
        has our form, phone number and email.
      </p>
    );
  }
  if (result.status !== "answered") return null;
  return (
    <ol className="space-y-4">
      {result.answers.map((answer) => (
        <li key={`${answer.href}#${answer.title}`} className="border-l-4 border-brand-700 pl-3">
          <Link
            to={answer.href}
            reloadDocument={needsOwnDocument(answer.href)}
            onClick={onFollow}
            className="font-semibold text-brand-800 underline"
          >
            {answer.title}
          </Link>
          <p className="text-sm text-muted">{answer.label}</p>
          <p className="mt-1">{answer.excerpt}</p>
        </li>
      ))}
    </ol>
  );
}
