import type { ButtonHTMLAttributes, ReactNode } from "react";

/**
 * A form's submit button that refuses a second submit while the first is on its way
 * (a double click must not register twice). aria-disabled, not disabled: a disabled
 * button would drop keyboard focus. `name` and `value` make it one of a form's several actions.
 */
export function SubmitButton({
  busy,
  className = "btn-primary",
  children,
  ...action
}: { busy: boolean; className?: string; children: ReactNode } & Pick<ButtonHTMLAttributes<HTMLButtonElement>, "name" | "value">) {
  return (
    <button
      type="submit"
      {...action}
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
