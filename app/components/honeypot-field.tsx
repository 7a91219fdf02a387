import { HONEYPOT_FIELD } from "../lib/honeypot.ts";

/** Hidden from people and assistive technology; see lib/honeypot.ts. */
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
