import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as en from "@zxcvbn-ts/language-en";

// Offline, as NIST SP 800-63B asks: common and breached passwords, keyboard runs, repeats,
// dates and the person's own name or address are refused. Made once per process: the
// dictionaries take a moment to load.
let estimator: ZxcvbnFactory | undefined;
const strength = () =>
  (estimator ??= new ZxcvbnFactory({
    translations: en.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary },
  }));

/** Score 2 of 4: about a million guesses, beyond what the sign-in throttle lets anyone try. */
const minimumScore = 2;

/**
 * Why a password would be easy to guess, in words for the person choosing it, or null when
 * it is strong enough. `personal` holds what others may know: the name and email address.
 */
export function passwordWeakness(password: string, personal: string[]): string | null {
  const words = personal.flatMap((text) => text.toLowerCase().split(/[\s@.+_-]+/)).filter((word) => word.length >= 3);
  const result = strength().check(password, words);
  if (result.score >= minimumScore) return null;
  const reason = result.feedback.warning ? `${result.feedback.warning.replace(/\.$/, "")}. ` : "";
  return `${reason}This password would be easy to guess. Please choose a longer one, for example three or four unrelated words.`;
}
