import type { FieldMetadata } from "@conform-to/react";
import { conformFieldProps, TextField } from "#app/components/text-field.tsx";
import { NEW_PASSWORD_HINT, PASSWORD_MIN_LENGTH } from "../limits.ts";

/**
 * A new password typed twice (`password1`, `password2`, the caller's Conform fields), with the
 * strength rules as a hint: the pair every page that sets a password shows.
 */
export function NewPasswordFields({
  fields,
  labels,
}: {
  fields: { password1: FieldMetadata<string>; password2: FieldMetadata<string> };
  labels: { password: string; again: string };
}) {
  return (
    <>
      <TextField
        key={fields.password1.key}
        {...conformFieldProps(fields.password1)}
        label={labels.password}
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        hint={NEW_PASSWORD_HINT}
      />
      <TextField
        key={fields.password2.key}
        {...conformFieldProps(fields.password2)}
        label={labels.again}
        type="password"
        autoComplete="new-password"
        required
      />
    </>
  );
}
