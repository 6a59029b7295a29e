import type { User } from "../schema/model-types.js";
import { issueDecoyVerification, sendVerificationEmail } from "./send-verification-email.js";
import type { VerificationCtx } from "./send-verification-email.js";

/**
 * Mails the new address of an email change its verification link. When the address already has an
 * account nothing is sent, but the same work is done (one lookup, one token write) and the same answer
 * comes back: the caller must not learn which addresses are registered. The change could not complete
 * anyway — the final step refuses a taken address. Returns false when no sender is configured.
 */
export async function sendChangeVerification(
  ctx: VerificationCtx,
  user: User,
  newEmail: string,
  callbackURL: string | undefined,
): Promise<boolean> {
  if (await ctx.auth.users.findByEmail(newEmail)) return issueDecoyVerification(ctx);
  return sendVerificationEmail(ctx, user, { to: newEmail, updateTo: newEmail, callbackURL });
}
