import { hashPassword, verifyPassword, verifyPasswordOrDummy } from "../crypto/index.js";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import type { ResolvedOptions } from "../options/resolve-options.js";

/** Password rules and hashing, configured once. */
export interface PasswordService {
  /** Throws PASSWORD_TOO_SHORT / PASSWORD_TOO_LONG. */
  assertValidLength(password: string): void;
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** Costs a full hash even without a stored hash, so timing does not reveal unknown accounts. */
  verifyOrDummy(hash: string | null | undefined, password: string): Promise<boolean>;
}

/** Builds the password service from the email-and-password options. */
export function createPasswordService(options: ResolvedOptions): PasswordService {
  const { minPasswordLength, maxPasswordLength, password: own } = options.emailAndPassword;
  const assertValidLength = (password: string) => {
    if (password.length < minPasswordLength) throw new AuthError(CORE_ERRORS.PASSWORD_TOO_SHORT);
    if (password.length > maxPasswordLength) throw new AuthError(CORE_ERRORS.PASSWORD_TOO_LONG);
  };
  if (!own)
    return { assertValidLength, hash: hashPassword, verify: verifyPassword, verifyOrDummy: verifyPasswordOrDummy };
  const verify = (hash: string, password: string) => own.verify({ hash, password });
  return {
    assertValidLength,
    hash: (password) => own.hash(password),
    verify,
    async verifyOrDummy(hash, password) {
      if (hash) return verify(hash, password);
      // No stored hash: cost one hash of the app's own, so an unknown account answers as slowly.
      await own.hash(password);
      return false;
    },
  };
}
