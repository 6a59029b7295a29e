import { AuthError, CORE_ERRORS, defineEndpoint, refreshSessionUser, tokenUserResponse } from "@gatehouse-auth/core";
import { z } from "zod";
import { clearChallengeCookie, hasChallengeCookie, readChallenge, spendChallenge } from "../challenge.js";
import { completeSignIn } from "../complete-sign-in.js";
import { TWO_FACTOR_TAG } from "../intercept-two-factor-sign-in.js";
import { matchTotpStep } from "../totp.js";
import { claimTotpStep, decryptTotpSecret, findTwoFactorRow } from "../two-factor-record.js";
import { TWO_FACTOR_ERRORS } from "../two-factor-errors.js";
import type { ResolvedTwoFactorOptions } from "../two-factor-options.js";
import type { HookContext } from "@gatehouse-auth/core";

const body = z.strictObject({ code: z.string().max(64), trustDevice: z.boolean().optional() });

/** Whether `code` is the user's TOTP code now (±window) for a step not used before; uses that step. */
async function spendTotp(ctx: HookContext, o: ResolvedTwoFactorOptions, userId: string, code: string) {
  const row = await findTwoFactorRow(ctx.auth.db, userId);
  const secret = row?.secret ? decryptTotpSecret(ctx.auth, row) : null;
  if (!secret) return null;
  const step = matchTotpStep(o, secret, code, ctx.auth.now());
  return step !== null && (await claimTotpStep(ctx.auth.db, userId, step));
}

/**
 * POST /two-factor/verify-totp {code, trustDevice?}: with a pending sign-in (the challenge cookie),
 * completes it → `{token, user}` and the session cookie. Otherwise, from a session, confirms the app
 * after /two-factor/enable — two-factor is on from then. A code is accepted once (its time step is
 * recorded by a conditional write), wrong codes count against the pending sign-in.
 */
export const verifyTotp = (o: ResolvedTwoFactorOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/two-factor/verify-totp",
      body,
      session: "optional",
      credentials: "own-session",
      // creates-session: other plugins' sign-in hooks (bearer's set-auth-token) see the session it creates.
      tags: ["creates-session", TWO_FACTOR_TAG],
      openapi: {
        summary: "Verify a TOTP code",
        description:
          "Completes a pending sign-in (challenge cookie) → {token, user}; from a session, turns two-factor on after enable → {status: true}.",
        response: z.union([tokenUserResponse, z.object({ status: z.boolean() })]),
        errors: [
          TWO_FACTOR_ERRORS.INVALID_TWO_FACTOR_CODE,
          TWO_FACTOR_ERRORS.TWO_FACTOR_TOO_MANY_ATTEMPTS,
          TWO_FACTOR_ERRORS.TWO_FACTOR_SLOW_DOWN,
          TWO_FACTOR_ERRORS.TWO_FACTOR_LOCKED,
          TWO_FACTOR_ERRORS.TWO_FACTOR_CHALLENGE_INVALID,
          TWO_FACTOR_ERRORS.TOTP_NOT_SET_UP,
        ],
        session: "optional",
      },
    },
    async (ctx) => {
      const { code } = ctx.body;
      const challenge = await readChallenge(ctx);
      if (challenge) {
        const state = await spendChallenge(ctx, o, challenge, async (s) =>
          (await spendTotp(ctx, o, s.userId, code)) ? "right" : "wrong",
        );
        return completeSignIn(ctx, o, state, ctx.body.trustDevice);
      }
      if (!ctx.session) {
        if (!hasChallengeCookie(ctx)) throw new AuthError(CORE_ERRORS.UNAUTHORIZED);
        clearChallengeCookie(ctx);
        throw new AuthError(TWO_FACTOR_ERRORS.TWO_FACTOR_CHALLENGE_INVALID, { cookies: ctx.cookies });
      }
      const { user } = ctx.session;
      const ok = await spendTotp(ctx, o, user.id, code);
      if (ok === null) throw new AuthError(TWO_FACTOR_ERRORS.TOTP_NOT_SET_UP);
      if (!ok) throw new AuthError(TWO_FACTOR_ERRORS.INVALID_TWO_FACTOR_CODE);
      if ((user as { twoFactorEnabled?: boolean }).twoFactorEnabled !== true) {
        const updated = await ctx.auth.users.update(user.id, { twoFactorEnabled: true });
        if (updated) refreshSessionUser(ctx, updated);
      }
      return { status: true };
    },
  );
