import { useEffect, useRef, type ReactNode } from "react";
import { Form, useLocation } from "react-router";
import type { ContentStatus } from "#app/lib/db/schema.ts";
import { FormProblem } from "./form-problem.tsx";
import { StatusBadge } from "./status-badge.tsx";

/** What the editors say after a change (`?saved=…`), announced when the page arrives. */
export function SavedNotice({ message }: { message: string | null }) {
  const notice = useRef<HTMLParagraphElement>(null);
  const { key } = useLocation();
  // After a save the page may open at its top while the focus stays on the Save button, now out of
  // sight: then the focus moves to this message, so keyboard and screen reader users land where the
  // change is told. A button still in sight (a form that keeps its place, a lesson's Up) keeps it.
  useEffect(() => {
    if (!message || !notice.current) return;
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && focused !== document.body && inSight(focused)) return;
    notice.current.focus({ preventScroll: true });
    notice.current.scrollIntoView({ block: "center" });
  }, [message, key]);
  if (!message) return null;
  return (
    <p ref={notice} tabIndex={-1} role="status" className="rounded-md bg-emerald-50 p-4 text-emerald-900">
      {message}
    </p>
  );
}

function inSight(element: HTMLElement) {
  const box = element.getBoundingClientRect();
  return box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
}

/**
 * A course's, lesson's or quiz's status with the button that changes it (intent publish or
 * unpublish), what the form refused, and links or buttons of the editor's own after it.
 */
export function PublicationSection({
  status,
  problem,
  extraButtons,
  archiving,
  children,
}: {
  status: ContentStatus;
  problem?: string;
  /** A course's or quiz's owners and administrators may archive it, and restore it once archived. */
  archiving?: { allowed: boolean; what: "course" | "quiz" };
  /** More buttons of the same form (a lesson's "Delete this draft"). */
  extraButtons?: ReactNode;
  /** Links after the form (see the page, preview, numbers). */
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="status-heading" className="flex flex-wrap items-center gap-4">
      <h2 id="status-heading" className="text-xl font-bold">
        Status
      </h2>
      <StatusBadge status={status} />
      {status === "archived" ? (
        <>
          <p className="basis-full text-muted">
            Learners cannot open this {archiving?.what ?? "page"}; what they did in it (progress, attempts, certificates) is kept.
            {archiving?.allowed ? " Restore it to edit and publish it again." : " Its owners can restore it."}
          </p>
          {archiving?.allowed && (
            <Form method="post">
              <button type="submit" name="intent" value="restore" className="btn-primary">
                Restore (as a draft)
              </button>
            </Form>
          )}
        </>
      ) : (
        <Form method="post" className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value={status === "published" ? "unpublish" : "publish"} className="btn-primary">
            {status === "published" ? "Unpublish (back to draft)" : "Publish"}
          </button>
          {extraButtons}
          {archiving?.allowed && (
            <button type="submit" name="intent" value="archive" className="btn-light border border-gray-500">
              Archive
            </button>
          )}
        </Form>
      )}
      {children}
      <FormProblem message={problem} />
    </section>
  );
}
