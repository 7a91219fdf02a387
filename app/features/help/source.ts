// What every source of the help assistant's answers is, apart from which sources there are.
import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";
import type { HelpAnswer } from "./types.ts";

/** A question, ready for any source: as typed, and as search terms (stop-words out, plurals folded). */
export interface HelpQuestion {
  text: string;
  terms: string[];
  /** The most answers this source should return. */
  limit: number;
}

/**
 * One place the assistant finds answers. A source returns its best answers first, each with a
 * link to a page of this site, and nothing when nothing matches: it never makes an answer up.
 * The assistant asks every source and takes their answers in turns (first of each, then second…).
 */
export interface HelpSource {
  /** Named in the log when this source fails; the other sources still answer. */
  name: string;
  search(question: HelpQuestion, services: { db: Kysely<Database> }): Promise<HelpAnswer[]>;
}
