// The first step of `npm test`: without the browser the end-to-end tests drive, the suite would
// build and run minutes of other tests before failing; this stops at once and says what to run.
import { isExecutable, testBrowserPath } from "#tests/setup/chromium.ts";

if (!isExecutable(testBrowserPath)) {
  const install = `${process.getuid?.() === 0 ? "" : "sudo "}apt-get install -y chromium`;
  console.error(
    `npm test needs Chromium at ${testBrowserPath} for the browser tests: install it with \`${install}\` (or set CHROMIUM_PATH to a Chromium elsewhere).`,
  );
  process.exit(1);
}
