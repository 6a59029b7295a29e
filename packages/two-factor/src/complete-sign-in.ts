import { AuthError, setSessionCookie } from "@gatehouse-auth/core";
import type { HookContext, User } from "@gatehouse-auth/core";
import type { ChallengeState } from "./challenge.js";
import { trustThisDevice } from "./trusted-device.js";
import { findTwoFactorRow } from "./two-factor-record.js";
import { TWO_FACTOR_ERRORS } from "./two-factor-errors.js";
import type { ResolvedTwoFactorOptions } from "./two-factor-options.js";

/**
 * The end of a pending sign-in whose second factor checked out: the session, through core's one path
 * (validateUser, beforeSessionCreate — a ban placed meanwhile still refuses), its cookie, and with
 * `trustDevice` the trust cookie. Answers `{token, user}` like every sign-in.
 */
export async function completeSignIn(
  ctx: HookContext,
  o: ResolvedTwoFactorOptions,
  state: ChallengeState,
  trustDevice: boolean | undefined,
): Promise<{ token: string; user: User }> {
  const user = await ctx.auth.users.findById(state.userId);
  if (!user) throw new AuthError(TWO_FACTOR_ERRORS.TWO_FACTOR_CHALLENGE_INVALID);
  const data = await ctx.auth.sessions.create(ctx.auth.db, user, {
    ipAddress: ctx.clientIp,
    userAgent: ctx.headers.get("user-agent") ?? undefined,
  });
  setSessionCookie(ctx, data, state.rememberMe);
  if (trustDevice) {
    const row = await findTwoFactorRow(ctx.auth.db, user.id);
    if (row) trustThisDevice(ctx, o, user.id, row.trustGeneration);
  }
  return { token: data.session.token, user: data.user };
}
