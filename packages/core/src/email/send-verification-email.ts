import type { EndpointContext, SessionRequirement } from "../api/define-endpoint.js";
import type { User } from "../schema/model-types.js";
import { authUrl } from "../utils/auth-url.js";
import { sendInBackground } from "./send-in-background.js";

/** What a verify-email token carries. */
export interface VerifyEmailPayload {
  userId: string;
  /** The address the user had when the token was made; a token for an old address is void. */
  email: string;
  /** Email change: following the link moves the account to this (verified) address. */
  updateTo?: string;
  /** Email change of a verified user: this link only confirms; the new address gets its own link. */
  confirmChangeTo?: string;
}

/** What the verification helpers need of an endpoint's context. */
export type VerificationCtx = Pick<EndpointContext<unknown, unknown, SessionRequirement>, "auth" | "headers">;
type Ctx = VerificationCtx;

/**
 * Issues a verify-email token and mails its link to `to` (the user's address, or the new one of an
 * email change). Returns false when no sender is configured.
 */
export async function sendVerificationEmail(
  ctx: Ctx,
  user: User,
  options: { to?: string; updateTo?: string; callbackURL?: string } = {},
): Promise<boolean> {
  const send = ctx.auth.options.emailVerification.sendVerificationEmail;
  if (!send) return false;
  const payload: VerifyEmailPayload = { userId: user.id, email: user.email, updateTo: options.updateTo };
  const token = await ctx.auth.tokens.issue("verify-email", payload, ctx.auth.options.emailVerification.expiresIn);
  const url = authUrl(ctx, "/verify-email", { token, callbackURL: options.callbackURL });
  const to = options.to ?? user.email;
  sendInBackground(ctx.auth, "verification email", () => send({ user: { ...user, email: to }, url, token }));
  return true;
}

/**
 * Writes a verification token that names no user and is mailed to no one: the same storage work as
 * `sendVerificationEmail`, for answers that must not be told apart by their timing (an unknown
 * address, a taken one). verify-email refuses it. Returns whether a sender is configured, as
 * `sendVerificationEmail` does.
 */
export async function issueDecoyVerification(ctx: Ctx): Promise<boolean> {
  const { options, tokens } = ctx.auth;
  if (!options.emailVerification.sendVerificationEmail) return false;
  const token = await tokens.issue("verify-email", { userId: null }, options.emailVerification.expiresIn);
  // The link is built as for a real address, so an untrusted Host (no baseURL) is refused for both alike.
  authUrl(ctx, "/verify-email", { token });
  return true;
}
