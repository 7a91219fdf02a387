import type { FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes } from "react";
import { FieldFrame } from "./field-frame.tsx";

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
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      {(wiring) => {
        const shared = { id, name, ...wiring, className: "mt-1 w-full rounded-md border border-gray-400 px-3 py-2" };
        return multiline ? (
          <textarea
            {...shared}
            rows={rows}
            maxLength={input.maxLength}
            autoComplete={input.autoComplete}
            defaultValue={input.defaultValue}
          />
        ) : (
          <input {...shared} {...input} />
        );
      }}
    </FieldFrame>
  );
}
