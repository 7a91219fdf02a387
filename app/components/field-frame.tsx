import type { ReactNode } from "react";

/** What ties a control to its hint and error message, for assistive technology. */
export type FieldWiring = { "aria-invalid": true | undefined; "aria-describedby": string | undefined };

/** A form control with its label above and its hint and error message below, wired to it (TextField, SelectField). */
export function FieldFrame({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  /** The server's message for this field; marks it invalid. */
  error?: string;
  className?: string;
  children: (wiring: FieldWiring) => ReactNode;
}) {
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      {children({ "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
