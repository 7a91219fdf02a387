import type { FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes } from "react";

/** What TextField takes from a Conform field: its id and name, the server's message, the typed value. */
export const conformFieldProps = (field: FieldMetadata<string | number | null | undefined>) => ({
  id: field.id,
  name: field.name,
  error: field.errors?.[0],
  defaultValue: field.initialValue,
});

type TextFieldProps = {
  id: string;
  name: string;
  label: string;
  /** Shown under the field, and read with it. */
  hint?: string;
  /** The server's message for this field; marks it invalid. */
  error?: string;
  multiline?: boolean;
  /** Rows of a multiline field. */
  rows?: number;
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  "type" | "autoComplete" | "defaultValue" | "required" | "maxLength" | "minLength" | "min" | "max" | "inputMode" | "accept"
>;

/** A labelled input with its hint and error message wired up for assistive technology. */
export function TextField({ id, name, label, hint, error, multiline, rows = 3, ...input }: TextFieldProps) {
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(" ") || undefined;
  const shared = {
    id,
    name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    className: "mt-1 w-full rounded-md border border-gray-400 px-3 py-2",
  } as const;
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      {multiline ? (
        <textarea {...shared} rows={rows} maxLength={input.maxLength} autoComplete={input.autoComplete} defaultValue={input.defaultValue} />
      ) : (
        <input {...shared} {...input} />
      )}
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
