import {
  AuthError,
  defineEndpoint,
  generateRandomString,
  hmacSha256Base64Url,
  statusResponse,
} from "@gatehouse-auth/core";
import type { HookContext } from "@gatehouse-auth/core";
import { z } from "zod";
import { type Challenge, clearChallengeCookie, readChallenge, swapChallenge } from "../challenge.js";
import { TWO_FACTOR_TAG } from "../intercept-two-factor-sign-in.js";
import { countOtpSend } from "../otp-send-limit.js";
import { TWO_FACTOR_ERRORS } from "../two-factor-errors.js";
import type { ResolvedTwoFactorOptions } from "../two-factor-options.js";

// Keyed with the auth secret and bound to the challenge: the stored value gives no code away.
export const hashOtp = (ctx: HookContext, challengeId: string, code: string) =>
  hmacSha256Base64Url(ctx.auth.secret, `two-factor-otp:${challengeId}:${code}`);

const MAX_ROUNDS = 8;

/**
 * POST /two-factor/send-otp: sends a one-time code for the pending sign-in through the app's `sendOTP`
 * (email or SMS). A new code replaces the previous one; a pending sign-in may ask `otp.maxSends` times
 * (then 429: sign in again) and a user may be sent `otp.sendLimit` codes per window across sign-ins, so
 * nobody holding a password can flood the user's inbox.
 */
export const sendTwoFactorOtp = (o: ResolvedTwoFactorOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/two-factor/send-otp",
      body: z.strictObject({}),
      tags: [TWO_FACTOR_TAG],
      openapi: {
        summary: "Send a one-time code for the pending sign-in",
        response: statusResponse,
        errors: [
          TWO_FACTOR_ERRORS.TWO_FACTOR_CHALLENGE_INVALID,
          TWO_FACTOR_ERRORS.TWO_FACTOR_OTP_DISABLED,
          TWO_FACTOR_ERRORS.TWO_FACTOR_OTP_SEND_LIMIT,
          TWO_FACTOR_ERRORS.TWO_FACTOR_OTP_SEND_FAILED,
        ],
      },
    },
    async (ctx) => {
      const otp = o.otp;
      let challenge: Challenge | null = await readChallenge(ctx);
      if (!challenge) {
        clearChallengeCookie(ctx);
        throw new AuthError(TWO_FACTOR_ERRORS.TWO_FACTOR_CHALLENGE_INVALID, { cookies: ctx.cookies });
      }
      if (!otp) throw new AuthError(TWO_FACTOR_ERRORS.TWO_FACTOR_OTP_DISABLED);
      for (let round = 0; round < MAX_ROUNDS && challenge; round++) {
        const { row, state } = challenge;
        const sends = state.otp?.sends ?? 0;
        if (sends >= otp.maxSends) throw new AuthError(TWO_FACTOR_ERRORS.TWO_FACTOR_OTP_SEND_LIMIT);
        const code = generateRandomString(otp.digits, "0123456789");
        const next = {
          ...state,
          otp: { hash: hashOtp(ctx, row.id, code), expiresAt: ctx.auth.now() + otp.expiresIn * 1000, sends: sends + 1 },
        };
        if (await swapChallenge(ctx, row, next)) {
          const user = await ctx.auth.users.findById(state.userId);
          if (!user) throw new AuthError(TWO_FACTOR_ERRORS.TWO_FACTOR_CHALLENGE_INVALID);
          await countOtpSend(ctx.auth, user.id, otp.sendLimit);
          try {
            await otp.sendOTP({ user, code }, ctx);
          } catch (error) {
            ctx.auth.options.logger.error("Gatehouse two-factor: sendOTP failed", error);
            throw new AuthError(TWO_FACTOR_ERRORS.TWO_FACTOR_OTP_SEND_FAILED);
          }
          return { status: true };
        }
        challenge = await readChallenge(ctx);
      }
      throw new AuthError(TWO_FACTOR_ERRORS.TWO_FACTOR_OTP_SEND_LIMIT);
    },
  );
