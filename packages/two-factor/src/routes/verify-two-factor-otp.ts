import { AuthError, constantTimeEqual, defineEndpoint, tokenUserResponse } from "@gatehouse-auth/core";
import { z } from "zod";
import { clearChallengeCookie, readChallenge, spendChallenge } from "../challenge.js";
import { completeSignIn } from "../complete-sign-in.js";
import { TWO_FACTOR_TAG } from "../intercept-two-factor-sign-in.js";
import { TWO_FACTOR_ERRORS } from "../two-factor-errors.js";
import type { ResolvedTwoFactorOptions } from "../two-factor-options.js";
import { hashOtp } from "./send-two-factor-otp.js";

const body = z.strictObject({ code: z.string().max(64), trustDevice: z.boolean().optional() });

/** POST /two-factor/verify-otp {code, trustDevice?}: completes a pending sign-in with the sent code. */
export const verifyTwoFactorOtp = (o: ResolvedTwoFactorOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/two-factor/verify-otp",
      body,
      tags: ["creates-session", TWO_FACTOR_TAG],
      openapi: {
        summary: "Complete a pending sign-in with the sent code",
        response: tokenUserResponse,
        errors: [
          TWO_FACTOR_ERRORS.INVALID_TWO_FACTOR_CODE,
          TWO_FACTOR_ERRORS.TWO_FACTOR_OTP_EXPIRED,
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
      const id = challenge.row.id;
      const state = await spendChallenge(ctx, o, challenge, async (s) => {
        if (!s.otp || s.otp.hash === "") return "wrong";
        if (ctx.auth.now() >= s.otp.expiresAt) throw new AuthError(TWO_FACTOR_ERRORS.TWO_FACTOR_OTP_EXPIRED);
        return constantTimeEqual(hashOtp(ctx, id, ctx.body.code), s.otp.hash) ? "right" : "wrong";
      });
      return completeSignIn(ctx, o, state, ctx.body.trustDevice);
    },
  );
