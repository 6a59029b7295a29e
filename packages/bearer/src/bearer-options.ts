import type { OptionKeysOf } from "@gatehouse-auth/core";

/**
 * `bearer()` takes no options. The empty set is still declared so that an option passed anyway (better-auth's
 * `requireSignature`, say: Gatehouse always requires the signature) is refused at start-up, not ignored.
 */
export type BearerOptions = Record<never, never>;

/** The names `bearer()` accepts (none): core refuses any other at start-up. */
export const BEARER_OPTION_KEYS = {} as const satisfies OptionKeysOf<BearerOptions>;
