import type { ContentStatus } from "#app/lib/db/schema.ts";

const badges: Record<ContentStatus, { label: string; className: string }> = {
  published: { label: "Published", className: "bg-emerald-100 text-emerald-900" },
  draft: { label: "Draft", className: "bg-amber-100 text-amber-900" },
  archived: { label: "Archived", className: "bg-gray-200 text-gray-900" },
};

/** "Published", "Draft" or "Archived", in words and colour alike. */
export function StatusBadge({ status }: { status: ContentStatus }) {
  const badge = badges[status];
  return <span className={`rounded-full px-2.5 py-0.5 text-sm ${badge.className}`}>{badge.label}</span>;
}
