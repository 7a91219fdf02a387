import type { RequestServices } from "#app/context.ts";
import { REPORT_MAX_BYTES, USER_AGENT_MAX_LENGTH } from "./limits.ts";
import { createReportBudget } from "./report-budget.server.ts";
import { browserErrorReportSchema } from "./schemas.ts";
import { scrubText } from "./scrub.ts";

/**
 * Five reports a page load at most (browser-reporter.ts), so twenty a minute lets a few
 * people behind one address through; three hundred a minute is what one process writes at most.
 */
const budget = createReportBudget({ perAddress: 20, perProcess: 300, windowSeconds: 60 });

const refusal = (status: number, message: string, headers: Record<string, string> = {}) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...headers } });

/**
 * POST /errors: one error from a page, written to the log as one `warn` line with the request
 * id and `source: "browser"`, scrubbed of personal data. Answers 204 and stores nothing.
 */
export async function receiveBrowserErrorReport(request: Request, { clientAddress, logger }: RequestServices): Promise<Response> {
  // First, so a flood costs a map lookup and nothing else.
  const slot = budget.take(clientAddress);
  if (!slot.allowed) {
    if (slot.processJustFilled)
      logger.warn("browser error reports: over the limit of this process; more are refused until the minute is over");
    return refusal(429, "Too many error reports from your network. Please try again in a minute.", {
      "Retry-After": String(slot.retryAfterSeconds),
    });
  }

  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") {
    return refusal(415, "Error reports are sent as JSON, with the header Content-Type: application/json.", {
      "Accept-Post": "application/json",
    });
  }
  // A body always states its length here (server/middleware/body-limit.ts refuses one that does not), and Node reads no more.
  if (Number(request.headers.get("content-length") ?? 0) > REPORT_MAX_BYTES) {
    return refusal(413, `An error report can be at most ${REPORT_MAX_BYTES / 1024} KB.`);
  }
  const body = await request.text();

  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return refusal(400, "This error report is not valid JSON.");
  }
  const parsed = browserErrorReportSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message = issue?.path.length ? issue.message : "An error report is a JSON object with kind, message and path.";
    return refusal(400, `This error report could not be read: ${message}`);
  }

  const { kind, message, stack, componentStack, path } = parsed.data;
  const userAgent = request.headers.get("user-agent")?.slice(0, USER_AGENT_MAX_LENGTH);
  logger.warn(
    {
      source: "browser",
      kind,
      message: scrubText(message),
      stack: stack && scrubText(stack),
      componentStack: componentStack && scrubText(componentStack),
      path: scrubText(path.split(/[?#]/, 1)[0]!),
      userAgent,
    },
    "browser error",
  );
  return new Response(null, { status: 204 });
}
