import type { RenderToPipeableStreamOptions } from "react-dom/server";
import type { Config } from "#app/lib/config/env.server.ts";
import { browserSentrySettings } from "./sentry-settings.server.ts";
// "?worker&url": Vite bundles the file whole, on its own, and gives its address; React Router
// moves it from the server build to the browser's assets. No code a page always loads imports
// it, so the default bundle carries none of Sentry. (Development serves the source as a module.)
import builtSentryScript from "./sentry-browser.ts?worker&url";

const sentryScript = import.meta.env.DEV ? "/app/features/error-reporting/sentry-browser.ts" : builtSentryScript;

/**
 * When SENTRY_DSN is set, what React adds to every page it renders (app/entry.server.tsx):
 * the settings of Sentry's browser SDK, then the SDK. Written by the server, outside the
 * React tree, so no page carries code for it when it is not configured.
 */
export function sentryBootstrap(config: Config): Pick<RenderToPipeableStreamOptions, "bootstrapScriptContent" | "bootstrapModules"> {
  const settings = browserSentrySettings(config);
  if (!settings) return {};
  // "<" escaped: the text sits inside a <script> element.
  const json = JSON.stringify(settings).replace(/</g, "\\u003c");
  return { bootstrapScriptContent: `self.sentrySettings = ${json};`, bootstrapModules: [sentryScript] };
}
