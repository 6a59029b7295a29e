import { AuthError, type Logger } from "@gatehouse-auth/core";
import { isListed, loadCommonPasswords, toList } from "./common-passwords.js";
import { lookupPwnedPassword } from "./have-i-been-pwned.js";
import { PASSWORD_CHECK_ERRORS } from "./password-check-errors.js";
import type { ResolvedPasswordCheckOptions } from "./password-check-options.js";
import { createStrengthEstimator } from "./password-strength.js";

/** Checks one new password; throws the catalogue's AuthError to refuse it. */
export type PasswordChecker = (password: string, userInputs: string[], logger: Logger) => Promise<void>;

/**
 * The checks in order of cost: the local lists, the strength estimate, then (opt-in) the network.
 * A refusal names the reason, never the password; nothing here logs or keeps it.
 */
export function createPasswordChecker(o: ResolvedPasswordCheckOptions): PasswordChecker {
  const extra = toList(o.extraPasswords);
  const estimator = o.minScore === null ? null : createStrengthEstimator(o.translations);
  return async (password, userInputs, logger) => {
    if (isListed(extra, password) || (o.commonPasswords && isListed(await loadCommonPasswords(), password))) {
      throw new AuthError(PASSWORD_CHECK_ERRORS.PASSWORD_COMPROMISED, { details: { reason: "common" } });
    }
    if (estimator && o.minScore !== null) {
      const { score, feedback } = (await estimator())(password, userInputs);
      if (score < o.minScore) {
        throw new AuthError(PASSWORD_CHECK_ERRORS.PASSWORD_TOO_WEAK, {
          details: { score, minScore: o.minScore, feedback },
        });
      }
    }
    if (o.haveIBeenPwned.enabled) {
      const found = await lookupPwnedPassword(password, o.haveIBeenPwned);
      if (found.status === "failed") {
        // Fail open: an outage of a third-party service must not stop sign-ups. Logged each time,
        // without the password or its hash prefix, so a long outage shows in the logs.
        logger.warn(`password-check: Have I Been Pwned lookup failed (${found.reason}); the password was allowed`);
      } else if (found.status === "found" && found.count >= o.haveIBeenPwned.minCount) {
        throw new AuthError(PASSWORD_CHECK_ERRORS.PASSWORD_COMPROMISED, { details: { reason: "breached" } });
      }
    }
  };
}
