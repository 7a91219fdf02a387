import type { PublicationStatus } from "#app/lib/db/schema.ts";

/** "Published" or "Draft", in words and colour alike. */
export function StatusBadge({ status }: { status: PublicationStatus }) {
  return status === "published" ? (
    <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-sm text-emerald-900">Published</span>
  ) : (
    <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-sm text-amber-900">Draft</span>
  );
}
