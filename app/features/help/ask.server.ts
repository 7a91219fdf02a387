import { data } from "react-router";
import type { RequestServices } from "#app/context.ts";
import { HELP_MAX_ANSWERS, HELP_QUESTION_MAX_LENGTH, HELP_QUESTION_PARAM } from "./limits.ts";
import { helpQuestionSchema } from "./schemas.ts";
import type { HelpQuestion, HelpSource } from "./source.ts";
import { helpSources } from "./sources.server.ts";
import { questionTerms } from "./terms.ts";
import type { HelpAnswer, HelpResult } from "./types.ts";
import { keepOutOfPageCache } from "#app/lib/content-versions/page-cache.ts";

const askSomethingMessage = "Please type what you are looking for, for example “How do I register?” or “Java quiz”.";

/**
 * Answers one request of the help page (`/help?q=…`): every outcome is something to show the
 * person. Reads nothing but the question and stores nothing.
 */
export async function answerHelpRequest(url: URL, services: Pick<RequestServices, "db" | "config" | "logger" | "http">) {
  const raw = url.searchParams.get(HELP_QUESTION_PARAM);
  if (raw === null) return { status: "start" } satisfies HelpResult;

  const parsed = helpQuestionSchema.safeParse(raw);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? askSomethingMessage;
    // Only the start comes back to the form, to shorten and send again.
    return data<HelpResult>({ status: "refused", question: raw.slice(0, HELP_QUESTION_MAX_LENGTH), message }, { status: 400 });
  }
  const question = parsed.data;
  const terms = questionTerms(question);
  if (terms.length === 0) return { status: "prompt", question, message: askSomethingMessage } satisfies HelpResult;

  const answers = await askSources(helpSources(services.config), { text: question, terms, limit: HELP_MAX_ANSWERS }, services);
  return (answers.length ? { status: "answered", question, answers } : { status: "no-match", question }) satisfies HelpResult;
}

/** Asks every source at once and takes their answers in turns, without repeating a page. */
async function askSources(sources: HelpSource[], question: HelpQuestion, services: Pick<RequestServices, "db" | "logger" | "http">) {
  const { db, logger } = services;
  const lists = await Promise.all(
    sources.map((source) =>
      source.search(question, { db }).catch((err: unknown) => {
        logger.warn({ err, source: source.name }, "a help source could not answer");
        keepOutOfPageCache(services);
        return [] as HelpAnswer[];
      }),
    ),
  );
  const answers: HelpAnswer[] = [];
  const seen = new Set<string>();
  for (let rank = 0; answers.length < question.limit && lists.some((list) => rank < list.length); rank++) {
    for (const list of lists) {
      const answer = list[rank];
      const key = answer && `${answer.href}#${answer.title}`;
      if (!answer || !key || seen.has(key) || answers.length >= question.limit) continue;
      seen.add(key);
      answers.push(answer);
    }
  }
  return answers;
}
