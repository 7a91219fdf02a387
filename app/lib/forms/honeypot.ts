/**
 * A field people never see or fill in; form-filling bots usually do. Shared
 * by the form (which renders it) and the action (which checks it).
 */
export const HONEYPOT_FIELD = "website_url";

export function isHoneypotFilled(formData: FormData): boolean {
  const value = formData.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}
