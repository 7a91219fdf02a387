import type { ZxcvbnFactory } from "@zxcvbn-ts/core";

// Offline, as NIST SP 800-63B asks: common and breached passwords, keyboard runs, repeats,
// dates and the person's own name or address are refused. Loaded on first use (about 80 ms),
// then kept: loaded at start, the dictionaries took 44 MB of every worker's memory (24 MB of
// heap) for the few requests that choose a password.
let estimator: Promise<ZxcvbnFactory> | undefined;
const strength = () =>
  (estimator ??= Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common"), import("@zxcvbn-ts/language-en")]).then(
    ([{ ZxcvbnFactory }, common, en]) =>
      new ZxcvbnFactory({
        translations: en.translations,
        graphs: common.adjacencyGraphs,
        dictionary: { ...common.dictionary, ...en.dictionary },
      }),
    (err: unknown) => {
      estimator = undefined;
      throw err;
    },
  ));

/** Score 2 of 4: about a million guesses, beyond what the sign-in throttle lets anyone try. */
const minimumScore = 2;

/**
 * Why a password would be easy to guess, in words for the person choosing it, or null when
 * it is strong enough. `personal` holds what others may know: the name and email address.
 */
export async function passwordWeakness(password: string, personal: string[]): Promise<string | null> {
  const words = personal.flatMap((text) => text.toLowerCase().split(/[\s@.+_-]+/)).filter((word) => word.length >= 3);
  const result = (await strength()).check(password, words);
  if (result.score >= minimumScore) return null;
  const reason = result.feedback.warning ? `${result.feedback.warning.replace(/\.$/, "")}. ` : "";
  return `${reason}This password would be easy to guess. Please choose a longer one, for example three or four unrelated words.`;
}
