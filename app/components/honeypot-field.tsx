import { HONEYPOT_FIELD } from "../lib/forms/honeypot.ts";

/** Hidden from people and assistive technology; see app/lib/forms/honeypot.ts. */
export function HoneypotField() {
  return (
    <div hidden aria-hidden="true">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
