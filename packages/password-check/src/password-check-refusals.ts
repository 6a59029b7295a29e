import { CORE_ERRORS, type CatalogueError } from "@gatehouse-auth/core";
import { PASSWORD_CHECK_ERRORS } from "./password-check-errors.js";
import type { ResolvedPasswordCheckOptions } from "./password-check-options.js";

/**
 * The errors the hook can answer with these options, for the OpenAPI document: core's length rule
 * (checked first, by the hook itself), then only the checks that are on, so a reader is never promised
 * a refusal the server cannot give.
 */
export function passwordCheckRefusals(o: ResolvedPasswordCheckOptions): CatalogueError[] {
  const errors: CatalogueError[] = [CORE_ERRORS.PASSWORD_TOO_SHORT, CORE_ERRORS.PASSWORD_TOO_LONG];
  if (o.commonPasswords || o.extraPasswords.length > 0 || o.haveIBeenPwned.enabled) {
    errors.push(PASSWORD_CHECK_ERRORS.PASSWORD_COMPROMISED);
  }
  // A score is never below 0, so `minScore: 0` refuses nothing.
  if (o.minScore !== null && o.minScore > 0) errors.push(PASSWORD_CHECK_ERRORS.PASSWORD_TOO_WEAK);
  return errors;
}
