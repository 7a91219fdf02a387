import { accessSync, constants } from "node:fs";

/**
 * Debian's Chromium, never a downloaded browser (these machines have no
 * internet), with the switches that keep it from calling home.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const headlessShellPath = "/usr/bin/chromium-headless-shell";

/**
 * The browser tests' Chromium: Debian's headless shell when it is installed (the same engine
 * without the windowed browser's user interface and GPU processes, as Playwright's own headless
 * runs use), else the full browser. On a 2-core machine the accessibility and navigation files
 * took 1.4 minutes in it instead of 2.3: a full run loads the machine less, and that load is what
 * timed long journeys out.
 */
export const testBrowserPath = process.env.CHROMIUM_PATH ?? (isExecutable(headlessShellPath) ? headlessShellPath : chromiumPath);

/** Whether a browser is installed there: a file this user may run. */
export function isExecutable(path: string) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** A fake camera and microphone (a moving test pattern and a beep), given without a prompt: the live room's browser tests use them. */
export const fakeMediaArgs = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"];
