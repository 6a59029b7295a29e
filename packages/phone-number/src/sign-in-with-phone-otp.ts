import { AuthError, CORE_ERRORS, UniqueConstraintError, normalizeEmail, setSessionCookie } from "@gatehouse-auth/core";
import type { HookContext, User } from "@gatehouse-auth/core";
import { findUserByPhone } from "./find-user-by-phone.js";
import { PHONE_NUMBER_ERRORS } from "./phone-number-errors.js";
import type { ResolvedPhoneNumberOptions } from "./phone-number-options.js";
import { consumePhoneOtp } from "./phone-otp-store.js";

/**
 * Phone OTP sign-in: once `code` proves the number, signs its holder in (or, with `signUpOnVerification`,
 * creates the account). A number no account holds is a 400 that leaves the code unspent, not a 500.
 */
export async function signInWithPhoneOtp(
  ctx: HookContext,
  o: ResolvedPhoneNumberOptions,
  input: { phoneNumber: string; code: string; disableSession?: boolean; rememberMe?: boolean },
): Promise<{ status: true; token: string | null; user: User }> {
  const { phoneNumber } = input;
  const found = await consumePhoneOtp(ctx.auth, o, "verify", phoneNumber, input.code, async () => {
    const holder = await findUserByPhone(ctx.auth, phoneNumber);
    if (!holder && !o.signUpOnVerification) throw new AuthError(PHONE_NUMBER_ERRORS.PHONE_NUMBER_NOT_FOUND);
    return holder;
  });
  const user = await ctx.auth
    .transaction(async (tx) => {
      if (found) {
        // A number set by the server without proof is proven now.
        if (found.phoneNumberVerified) return found;
        return (await tx.users.update(found.id, { phoneNumberVerified: true })) ?? found;
      }
      const signUp = o.signUpOnVerification;
      if (!signUp) throw new AuthError(PHONE_NUMBER_ERRORS.PHONE_NUMBER_NOT_FOUND);
      return tx.users.create({
        email: normalizeEmail(signUp.getTempEmail(phoneNumber)),
        name: signUp.getTempName?.(phoneNumber) ?? phoneNumber,
        emailVerified: false,
        phoneNumber,
        phoneNumberVerified: true,
      });
    })
    .catch((error: unknown) => {
      // The temporary email, or the number in a race, is already an account's: a conflict, not a 500.
      if (error instanceof UniqueConstraintError)
        throw new AuthError(CORE_ERRORS.USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL);
      throw error;
    });
  if (input.disableSession) return { status: true, token: null, user: ctx.auth.sessions.publicUser(user) };
  // The same session path as sign-in/email: plugins' validateUser and beforeSessionCreate (bans) apply.
  const data = await ctx.auth.sessions.create(ctx.auth.db, user, {
    ipAddress: ctx.clientIp,
    userAgent: ctx.headers.get("user-agent") ?? undefined,
  });
  setSessionCookie(ctx, data, input.rememberMe !== false);
  return { status: true, token: data.session.token, user: data.user };
}
