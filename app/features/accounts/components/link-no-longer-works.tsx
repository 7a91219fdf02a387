import { LINK_LIFETIME_MINUTES } from "../limits.ts";
/** A mailed link that was used already or is older than {LINK_LIFETIME_MINUTES} minutes. */
export function LinkNoLongerWorks({ again }: { again: { href: string; label: string } }) {
  return (
    <div role="alert" className="mt-4 space-y-4">
      <p>This link no longer works: it was used already, or it is more than {LINK_LIFETIME_MINUTES} minutes old.</p>
      <a href={again.href} className="btn-primary">
        {again.label}
      </a>
    </div>
  );
}
