import { useEffect, useRef } from "react";
import { withRetries } from "./retry.ts";
import type { CaptchaState } from "./states.ts";

interface HCaptchaApi {
  render(container: HTMLElement, parameters: Record<string, unknown>): string;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    hcaptcha?: HCaptchaApi;
  }
}

// Explicit rendering: the widget appears where and when this component says.
const scriptUrl = "https://js.hcaptcha.com/1/api.js?render=explicit&recaptchacompat=off";

function loadScript(): Promise<HCaptchaApi> {
  if (window.hcaptcha) return Promise.resolve(window.hcaptcha);
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = scriptUrl;
    script.async = true;
    script.onload = () => (window.hcaptcha ? resolve(window.hcaptcha) : reject(new Error("hCaptcha did not start")));
    script.onerror = () => {
      // Removed, so the next attempt loads it afresh.
      script.remove();
      reject(new Error("hCaptcha's script did not load"));
    };
    document.head.append(script);
  });
}

/** hCaptcha's widget, when the site is configured for it; its answer goes into the form as `h-captcha-response`. */
export function HCaptchaWidget({ siteKey, onStateChange }: { siteKey: string; onStateChange: (state: CaptchaState) => void }) {
  const container = useRef<HTMLDivElement>(null);
  const report = useRef(onStateChange);
  report.current = onStateChange;

  useEffect(() => {
    let removed = false;
    let widget: { api: HCaptchaApi; id: string } | undefined;
    report.current("loading");
    withRetries(loadScript).then(
      (api) => {
        if (removed || !container.current) return;
        const id = api.render(container.current, {
          sitekey: siteKey,
          callback: () => report.current("verified"),
          "expired-callback": () => report.current("expired"),
          "chalexpired-callback": () => report.current("expired"),
          "error-callback": () => {
            report.current("error");
            api.reset(id);
          },
        });
        widget = { api, id };
        report.current("rendered");
      },
      () => {
        if (!removed) report.current("load-failed");
      },
    );
    return () => {
      removed = true;
      widget?.api.remove(widget.id);
    };
  }, [siteKey]);

  return <div ref={container} />;
}
