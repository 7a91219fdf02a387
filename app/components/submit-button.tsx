import type { ReactNode } from "react";

/**
 * A form's submit button that refuses a second submit while the first is on its way
 * (a double click must not register twice). aria-disabled, not disabled: a disabled
 * button would drop keyboard focus.
 */
export function SubmitButton({ busy, className = "btn-primary", children }: { busy: boolean; className?: string; children: ReactNode }) {
  return (
    <button
      type="submit"
      className={className}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      {children}
    </button>
  );
}
