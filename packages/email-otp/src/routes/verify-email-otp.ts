import {
  AuthError,
  CORE_ERRORS,
  defineEndpoint,
  normalizeEmail,
  refreshSessionUser,
  setSessionCookie,
  tokenUserResponse,
} from "@gatehouse-auth/core";
import { z } from "zod";
import { EMAIL_OTP_ERRORS } from "../email-otp-errors.js";
import { emailInput, otpInput } from "../email-otp-input.js";
import type { ResolvedEmailOtpOptions } from "../email-otp-options.js";
import { consumeEmailOtp } from "../email-otp-store.js";

/**
 * POST /email-otp/verify-email {email, otp}: marks the address verified with a mailed
 * `email-verification` code → `{status, token, user}`. Signs the account in as core's verify-email link
 * does (`emailVerification.autoSignInAfterVerification`); the same account's browser keeps its session.
 */
export const verifyEmailOtp = (o: ResolvedEmailOtpOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/email-otp/verify-email",
      body: z.strictObject({ email: emailInput, otp: otpInput }),
      session: "optional",
      // It can create a session: sign-in rules (two-factor, bans) hook these tags.
      tags: ["email-verification", "creates-session", "sign-in"],
      openapi: {
        summary: "Verify an email address with an emailed one-time code",
        description: "token is null when no session is created (auto sign-in after verification off).",
        response: z.object({ status: z.boolean() }).extend(tokenUserResponse.shape),
        errors: [
          CORE_ERRORS.INVALID_EMAIL,
          EMAIL_OTP_ERRORS.EMAIL_OTP_INVALID,
          EMAIL_OTP_ERRORS.EMAIL_OTP_EXPIRED,
          EMAIL_OTP_ERRORS.EMAIL_OTP_TOO_MANY_ATTEMPTS,
        ],
      },
    },
    async (ctx) => {
      const { sessions, options } = ctx.auth;
      const email = normalizeEmail(ctx.body.email);
      const signIn = options.emailVerification.autoSignInAfterVerification;
      const user = await consumeEmailOtp(ctx.auth, o, email, "email-verification", ctx.body.otp, async () => {
        const holder = await ctx.auth.users.findByEmail(email);
        // Codes for unknown addresses were never sent; one that matches anyway opens nothing.
        if (!holder) throw new AuthError(EMAIL_OTP_ERRORS.EMAIL_OTP_INVALID);
        // A refused user (a ban) is turned away before the code is spent.
        if (signIn) await ctx.auth.validateUser(holder, "new-session");
        return holder;
      });
      const verified = user.emailVerified
        ? user
        : ((await ctx.auth.users.update(user.id, { emailVerified: true })) ?? user);
      if (ctx.session?.user.id === user.id)
        return { status: true, token: ctx.session.session.token, user: refreshSessionUser(ctx, verified) };
      if (!signIn) return { status: true, token: null, user: sessions.publicUser(verified) };
      const data = await sessions.create(ctx.auth.db, verified, {
        ipAddress: ctx.clientIp,
        userAgent: ctx.headers.get("user-agent") ?? undefined,
      });
      setSessionCookie(ctx, data);
      return { status: true, token: data.session.token as string | null, user: data.user };
    },
  );
