import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { HELP_PATH } from "../limits.ts";
import type { HelpResult } from "../types.ts";
import { HelpAnswerList, HelpSummary } from "./help-result-view.tsx";
import { QuestionField } from "./question-field.tsx";

/**
 * The help assistant in a modal dialog: the same answers as the help page, asked through
 * React Router's data request for `/help?q=…`. Loaded only when someone opens it.
 * A native modal <dialog>: the rest of the page is inert while it is open, and Escape closes it.
 */
export function HelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const fetcher = useFetcher<HelpResult>();
  const id = useId();
  const busy = fetcher.state !== "idle";
  const result: HelpResult = fetcher.data ?? { status: "start" };

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      inputRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  const close = () => dialogRef.current?.close();

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={`${id}-heading`}
      aria-describedby={`${id}-about`}
      onClose={onClose}
      className="m-auto max-h-[85vh] w-[min(36rem,calc(100%-2rem))] overflow-y-auto rounded-lg bg-white p-6 text-ink shadow-xl backdrop:bg-black/60"
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id={`${id}-heading`} className="text-2xl font-bold">
          Ask the help assistant
        </h2>
        <button type="button" onClick={close} className="rounded-md border border-gray-400 px-3 py-1 font-semibold hover:bg-gray-100">
          Close
        </button>
      </div>
      <p id={`${id}-about`} className="mt-2 text-muted">
        Answers come from this site's own pages, each with a link to its page.
      </p>
      <fetcher.Form method="get" action={HELP_PATH} role="search" className="mt-4">
        <QuestionField id={`${id}-question`} inputRef={inputRef} invalid={!busy && result.status === "refused"} errorId={`${id}-summary`} />
      </fetcher.Form>
      <div className="mt-4 space-y-3">
        <HelpSummary id={`${id}-summary`} result={result} busy={busy} />
        {!busy && <HelpAnswerList result={result} onFollow={close} />}
      </div>
    </dialog>
  );
}
