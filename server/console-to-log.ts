import { format } from "node:util";
import type { Logger } from "pino";

/** The same text again within this long is one event told twice. */
const repeatMs = 1000;

/**
 * What libraries write to the console (React Router's warning about an address it cannot decode,
 * say) goes to the log as a JSON line like every other, tagged `source: "console"`, so the log stays
 * one JSON object per line. React Router matches a request's routes twice and warns each time: the
 * same text again within a second is not written again.
 */
export function sendConsoleToLog(logger: Logger) {
  let last = { text: "", at: 0 };
  const write =
    (level: "info" | "warn" | "error") =>
    (...args: unknown[]) => {
      const text = format(...args);
      const now = Date.now();
      if (text === last.text && now - last.at < repeatMs) return;
      last = { text, at: now };
      logger[level]({ source: "console" }, text);
    };
  console.log = console.info = write("info");
  console.warn = write("warn");
  console.error = write("error");
}
