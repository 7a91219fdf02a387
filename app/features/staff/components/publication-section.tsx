import type { ReactNode } from "react";
import { Form } from "react-router";
import type { PublicationStatus } from "#app/lib/db/schema.ts";
import { FormProblem } from "./form-problem.tsx";
import { StatusBadge } from "./status-badge.tsx";

/** What the editors say after a change (`?saved=…`), announced when the page arrives. */
export function SavedNotice({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="status" className="rounded-md bg-emerald-50 p-4 text-emerald-900">
      {message}
    </p>
  );
}

/**
 * A course's, lesson's or quiz's status with the button that changes it (intent publish or
 * unpublish), what the form refused, and links or buttons of the editor's own after it.
 */
export function PublicationSection({
  status,
  problem,
  extraButtons,
  children,
}: {
  status: PublicationStatus;
  problem?: string;
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
      <Form method="post" className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value={status === "published" ? "unpublish" : "publish"} className="btn-primary">
          {status === "published" ? "Unpublish (back to draft)" : "Publish"}
        </button>
        {extraButtons}
      </Form>
      {children}
      <FormProblem message={problem} />
    </section>
  );
}
