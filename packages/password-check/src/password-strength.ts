import type { TranslationKeys, ZxcvbnFactory } from "@zxcvbn-ts/core";
import type { PasswordScore } from "./password-check-options.js";

/** zxcvbn-ts's verdict, reduced to what the client is told. */
export interface PasswordStrength {
  score: PasswordScore;
  /** zxcvbn-ts feedback: translation keys unless `translations` were given. */
  feedback: { warning: string | null; suggestions: string[] };
}

type Estimator = (password: string, userInputs: string[]) => PasswordStrength;

// Bounds on zxcvbn-ts's work, which runs on the event loop of a route anyone may call: its defaults
// (256 characters, 100 l33t substitutions) cost 150–300 ms on crafted input; these keep the worst case
// near 10–30 ms (bench/zxcvbn-settings.mjs). Estimating the first 64 characters only under-rates a longer
// password, never over-rates it; 4 substitutions still see through "p@ssw0rd".
const LIMITS = { maxLength: 64, l33tMaxSubstitutions: 4 } as const;

// One factory per translation table: its ranked dictionaries are the memory, built once per process.
const factories = new Map<TranslationKeys | null, Promise<ZxcvbnFactory>>();

/** Builds zxcvbn-ts with the common dictionaries and keyboard graphs on first use, not at start-up. */
function loadFactory(translations: TranslationKeys | null): Promise<ZxcvbnFactory> {
  let factory = factories.get(translations);
  if (!factory) {
    factory = Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common")]).then(
      ([core, common]) =>
        new core.ZxcvbnFactory({
          dictionary: common.dictionary,
          graphs: common.adjacencyGraphs,
          ...LIMITS,
          ...(translations ? { translations } : {}),
        }),
    );
    // A failed load (a broken install) is retried by the next check, not kept forever.
    factory.catch(() => factories.delete(translations));
    factories.set(translations, factory);
  }
  return factory;
}

/** An estimator bound to the plugin's options, loaded lazily. */
export function createStrengthEstimator(translations: TranslationKeys | null): () => Promise<Estimator> {
  return async () => {
    const factory = await loadFactory(translations);
    return (password, userInputs) => {
      const result = factory.check(password, userInputs);
      return {
        score: result.score,
        feedback: { warning: result.feedback.warning, suggestions: [...result.feedback.suggestions] },
      };
    };
  };
}
