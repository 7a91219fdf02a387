import { useEffect, useRef } from "react";
import type { AltchaState } from "./altcha-element.ts";
import { retryingFetch, withRetries } from "./retry.ts";
import type { CaptchaState } from "./states.ts";

const ourStates: Record<AltchaState, CaptchaState> = {
  unverified: "rendered",
  verifying: "verifying",
  verified: "verified",
  expired: "expired",
  error: "error",
  code: "verifying",
};

/**
 * The self-hosted ALTCHA widget: loaded after the page is interactive, from our own origin,
 * and removed with the page. Its checkbox fetches a challenge and solves it in a worker; the
 * answer goes into the form as the hidden field `altcha`.
 */
export function AltchaWidget({ challengeUrl, onStateChange }: { challengeUrl: string; onStateChange: (state: CaptchaState) => void }) {
  const container = useRef<HTMLDivElement>(null);
  const report = useRef(onStateChange);
  report.current = onStateChange;

  useEffect(() => {
    let removed = false;
    let element: HTMLElement | undefined;
    // Set when fetching a challenge failed every time: the widget then only says "error".
    let challengeUnreachable = false;
    report.current("loading");
    withRetries(() => import("./altcha-element.ts")).then(
      ({ createAltchaElement }) => {
        if (removed) return;
        element = createAltchaElement({
          challengeUrl,
          fetch: retryingFetch(() => (challengeUnreachable = true)),
          onStateChange: (state) => {
            const unreachable = state === "error" && challengeUnreachable;
            challengeUnreachable = false;
            report.current(unreachable ? "load-failed" : ourStates[state]);
          },
        });
        container.current?.append(element);
        report.current("rendered");
      },
      () => {
        if (!removed) report.current("load-failed");
      },
    );
    return () => {
      removed = true;
      element?.remove();
    };
  }, [challengeUrl]);

  return <div ref={container} />;
}
