// The ALTCHA widget itself. Imported only from the contact page's effect, so it is a chunk of
// its own that no other page loads. The "external" build: its proof-of-work worker is a file of
// ours (a blob: worker, as in the default build, would need the CSP to allow blob:).
import "altcha/external";
import "altcha/altcha.css";
import "./altcha-theme.css";
import ShaWorker from "altcha/workers/sha?worker";
import { ALTCHA_FIELD } from "./settings.ts";

globalThis.$altcha.algorithms.set("SHA-256", () => new ShaWorker());

/** The widget's own states (altcha's State). */
export type AltchaState = "unverified" | "verifying" | "verified" | "expired" | "error" | "code";

export function createAltchaElement({
  challengeUrl,
  fetch,
  onStateChange,
}: {
  challengeUrl: string;
  /** How the widget fetches its challenge. */
  fetch: typeof globalThis.fetch;
  onStateChange: (state: AltchaState) => void;
}): HTMLElement {
  // Defaults, not configure(): the element takes them as it mounts, before anyone can click it.
  globalThis.$altcha.defaults.set({ fetch, hideFooter: true, hideLogo: true });
  const element = document.createElement("altcha-widget");
  element.setAttribute("challenge", challengeUrl);
  element.setAttribute("name", ALTCHA_FIELD);
  element.setAttribute("language", "en");
  element.addEventListener("statechange", (event) => {
    onStateChange((event as CustomEvent<{ state: AltchaState }>).detail.state);
  });
  return element;
}
