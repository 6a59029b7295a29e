import { AuthError, defineEndpoint, tokenUserResponse } from "@gatehouse-auth/core";
import { z } from "zod";
import { consumeBackupCode } from "../backup-codes.js";
import { clearChallengeCookie, readChallenge, spendChallenge } from "../challenge.js";
import { completeSignIn } from "../complete-sign-in.js";
import { TWO_FACTOR_TAG } from "../intercept-two-factor-sign-in.js";
import { findTwoFactorRow } from "../two-factor-record.js";
import { TWO_FACTOR_ERRORS } from "../two-factor-errors.js";
import type { ResolvedTwoFactorOptions } from "../two-factor-options.js";

const body = z.strictObject({ code: z.string().max(64), trustDevice: z.boolean().optional() });

/**
 * POST /two-factor/verify-backup-code {code, trustDevice?}: completes a pending sign-in with a backup
 * code, which is then used up (removed by a compare-and-swap: two requests cannot both spend it).
 */
export const verifyBackupCode = (o: ResolvedTwoFactorOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/two-factor/verify-backup-code",
      body,
      tags: ["creates-session", TWO_FACTOR_TAG],
      openapi: {
        summary: "Complete a pending sign-in with a backup code",
        response: tokenUserResponse,
        errors: [
          TWO_FACTOR_ERRORS.INVALID_TWO_FACTOR_CODE,
          TWO_FACTOR_ERRORS.TWO_FACTOR_TOO_MANY_ATTEMPTS,
          TWO_FACTOR_ERRORS.TWO_FACTOR_SLOW_DOWN,
          TWO_FACTOR_ERRORS.TWO_FACTOR_LOCKED,
          TWO_FACTOR_ERRORS.TWO_FACTOR_CHALLENGE_INVALID,
        ],
      },
    },
    async (ctx) => {
      const challenge = await readChallenge(ctx);
      if (!challenge) {
        clearChallengeCookie(ctx);
        throw new AuthError(TWO_FACTOR_ERRORS.TWO_FACTOR_CHALLENGE_INVALID, { cookies: ctx.cookies });
      }
      const state = await spendChallenge(ctx, o, challenge, async (s) => {
        const row = await findTwoFactorRow(ctx.auth.db, s.userId);
        if (!row?.secret) return "wrong";
        return (await consumeBackupCode(ctx.auth, ctx.auth.db, row, ctx.body.code)) ? "right" : "wrong";
      });
      return completeSignIn(ctx, o, state, ctx.body.trustDevice);
    },
  );
