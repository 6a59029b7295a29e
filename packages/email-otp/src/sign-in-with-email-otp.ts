import {
  AuthError,
  CORE_ERRORS,
  UniqueConstraintError,
  claimUnverifiedEmail,
  normalizeEmail,
  setSessionCookie,
} from "@gatehouse-auth/core";
import type { HookContext, User } from "@gatehouse-auth/core";
import { EMAIL_OTP_ERRORS } from "./email-otp-errors.js";
import type { ResolvedEmailOtpOptions } from "./email-otp-options.js";
import { consumeEmailOtp } from "./email-otp-store.js";

/**
 * Email OTP sign-in: once `otp` proves the mailbox, signs its account in, or creates the account (email
 * verified) for an address without one. An existing account whose address was unverified is claimed as
 * a magic link claims it: whoever set it up before the proof (a password, a social link, a session)
 * may have been someone else, so every session and account it had goes, in the transaction that marks
 * it verified; then the new session is created.
 */
export async function signInWithEmailOtp(
  ctx: HookContext,
  o: ResolvedEmailOtpOptions,
  input: { email: string; otp: string; name?: string },
): Promise<{ token: string; user: User }> {
  const email = normalizeEmail(input.email);
  const found = await consumeEmailOtp(ctx.auth, o, email, "sign-in", input.otp, async () => {
    const user = await ctx.auth.users.findByEmail(email);
    // With sign-up off, no code went to an address without an account; one that matches opens nothing.
    if (!user && o.disableSignUp) throw new AuthError(EMAIL_OTP_ERRORS.EMAIL_OTP_INVALID);
    // A refused user (a ban) is turned away before the code is spent; session creation checks again.
    if (user) await ctx.auth.validateUser(user, "new-session");
    return user;
  });
  const user = await ctx.auth
    .transaction(async (tx) => {
      const current = found ? await claimUnverifiedEmail(tx, found) : null;
      return current ?? tx.users.create({ email, name: input.name ?? "", emailVerified: true });
    })
    .catch((error: unknown) => {
      // A password sign-up took the address between the code check and the insert: a conflict, not a 500.
      if (error instanceof UniqueConstraintError)
        throw new AuthError(CORE_ERRORS.USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL);
      throw error;
    });
  // The one path every session takes: plugins' validateUser, beforeSessionCreate and interceptSignIn (a
  // second factor may hold the sign-in here; the claim above stands, as the mailbox was proven).
  const data = await ctx.auth.sessions.create(ctx.auth.db, user, {
    ipAddress: ctx.clientIp,
    userAgent: ctx.headers.get("user-agent") ?? undefined,
  });
  setSessionCookie(ctx, data);
  return { token: data.session.token, user: data.user };
}
