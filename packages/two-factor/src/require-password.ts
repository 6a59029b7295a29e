import { AuthError, CORE_ERRORS } from "@gatehouse-auth/core";
import type { HookContext, User } from "@gatehouse-auth/core";
import { TWO_FACTOR_ERRORS } from "./two-factor-errors.js";

/**
 * Proof that the signed-in person is the account holder, for enabling, disabling and new backup codes:
 * the password when the account has one (wrong → 400 INVALID_PASSWORD); for a password-less account
 * (social, magic link) a fresh session instead (older than `session.freshAge` → 403).
 */
export async function requirePassword(ctx: HookContext, user: User, password: string | undefined): Promise<void> {
  const { accounts, passwords, options, now } = ctx.auth;
  const account = await accounts.findCredential(user.id);
  if (account?.password) {
    if (password === undefined) throw new AuthError(TWO_FACTOR_ERRORS.TWO_FACTOR_PASSWORD_REQUIRED);
    if (!(await passwords.verify(account.password, password))) throw new AuthError(CORE_ERRORS.INVALID_PASSWORD);
    return;
  }
  const created = ctx.session?.session.createdAt.getTime() ?? 0;
  if (now() - created > options.session.freshAge * 1000) throw new AuthError(CORE_ERRORS.SESSION_NOT_FRESH);
}
