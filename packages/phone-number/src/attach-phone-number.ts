import { AuthError, CORE_ERRORS, UniqueConstraintError, refreshSessionUser } from "@gatehouse-auth/core";
import type { HookContext, User } from "@gatehouse-auth/core";
import { findUserByPhone } from "./find-user-by-phone.js";
import { PHONE_NUMBER_ERRORS } from "./phone-number-errors.js";
import type { ResolvedPhoneNumberOptions } from "./phone-number-options.js";
import { consumePhoneOtp } from "./phone-otp-store.js";

/**
 * Sets the signed-in caller's number (attach or change) once `code` proves it, marks it verified and
 * refreshes the session's cached user. A number another account holds is refused (400) without spending
 * the code — checked only after the code proved right, so a caller without the code learns nothing.
 */
export async function attachPhoneNumber(
  ctx: HookContext,
  o: ResolvedPhoneNumberOptions,
  phoneNumber: string,
  code: string,
): Promise<{ status: true; token: string; user: User }> {
  const session = ctx.session;
  if (!session) throw new AuthError(CORE_ERRORS.UNAUTHORIZED);
  const me = session.user.id;
  await consumePhoneOtp(ctx.auth, o, "verify", phoneNumber, code, async () => {
    const holder = await findUserByPhone(ctx.auth, phoneNumber);
    if (holder && holder.id !== me) throw new AuthError(PHONE_NUMBER_ERRORS.PHONE_NUMBER_TAKEN);
  });
  let row: User | null;
  try {
    row = await ctx.auth.users.update(me, { phoneNumber, phoneNumberVerified: true });
  } catch (error) {
    // Another account took the number between the check and this write.
    if (error instanceof UniqueConstraintError) throw new AuthError(PHONE_NUMBER_ERRORS.PHONE_NUMBER_TAKEN);
    throw error;
  }
  if (!row) throw new AuthError(PHONE_NUMBER_ERRORS.INVALID_OTP);
  return { status: true, token: session.session.token, user: refreshSessionUser(ctx, row) };
}
