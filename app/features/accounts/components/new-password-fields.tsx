import { TextField } from "#app/components/text-field.tsx";
import { NEW_PASSWORD_HINT, PASSWORD_MIN_LENGTH } from "../limits.ts";

/**
 * A new password typed twice (`password1`, `password2`), with the strength rules as a hint: the
 * pair every page that sets a password from a mailed link shows.
 */
export function NewPasswordFields({
  idPrefix,
  labels,
  errors,
}: {
  idPrefix: string;
  labels: { password: string; again: string };
  errors?: { password1?: string; password2?: string };
}) {
  return (
    <>
      <TextField
        id={`${idPrefix}-password1`}
        name="password1"
        label={labels.password}
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        hint={NEW_PASSWORD_HINT}
        error={errors?.password1}
      />
      <TextField
        id={`${idPrefix}-password2`}
        name="password2"
        label={labels.again}
        type="password"
        autoComplete="new-password"
        required
        error={errors?.password2}
      />
    </>
  );
}
