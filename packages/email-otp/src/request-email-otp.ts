import { AuthError, CORE_ERRORS, normalizeEmail } from "@gatehouse-auth/core";
import type { HookContext } from "@gatehouse-auth/core";
import type { EmailOtpType, ResolvedEmailOtpOptions } from "./email-otp-options.js";
import { issueEmailOtp } from "./email-otp-store.js";

/**
 * Issues a code of `type` for `email` and mails it when it should go out: sign-in codes to any address
 * (an unknown one signs up; not with `disableSignUp`), the others only to an address with an account.
 * Known or unknown, the same work — one lookup, one write, the mail in the background — and the same
 * `{success: true}`, so neither the answer nor its timing tells whether the address has an account.
 */
export async function requestEmailOtp(
  ctx: HookContext,
  o: ResolvedEmailOtpOptions,
  rawEmail: string,
  type: EmailOtpType,
): Promise<{ success: true }> {
  // A config refusal, the same for every address: a reset code nobody can spend is not mailed.
  if (type === "forget-password" && !ctx.auth.options.emailAndPassword.enabled)
    throw new AuthError(CORE_ERRORS.EMAIL_PASSWORD_DISABLED);
  const email = normalizeEmail(rawEmail);
  const found = await ctx.auth.users.findByEmail(email);
  // Issued for unknown addresses too (nobody receives it), so the send limit and the work are the same.
  const otp = await issueEmailOtp(ctx.auth, o, email, type);
  const deliver = found ? true : type === "sign-in" && !o.disableSignUp;
  if (deliver) {
    const user = found ? ctx.auth.sessions.publicUser(found) : null;
    const logger = ctx.auth.options.logger;
    Promise.resolve()
      .then(() => o.sendVerificationOTP({ email, otp, type, user }))
      .catch((error: unknown) => logger.error("Gatehouse email-otp: sendVerificationOTP failed", error));
  }
  return { success: true };
}
