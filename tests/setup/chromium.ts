/**
 * Debian's Chromium, never a downloaded browser (these machines have no
 * internet), with the switches that keep it from calling home.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

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
