import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { listenForBrowserErrors, reportRenderError } from "./features/error-reporting/browser-reporter.ts";

// Before hydration, so errors while hydrating are reported too.
listenForBrowserErrors();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter onError={reportRenderError} />
    </StrictMode>,
  );
});
