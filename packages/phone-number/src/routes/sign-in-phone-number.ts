import { AuthError, CORE_ERRORS, defineEndpoint, finishPasswordSignIn, userResponse } from "@gatehouse-auth/core";
import { z } from "zod";
import { findUserByPhone } from "../find-user-by-phone.js";
import { normalizePhoneNumber } from "../normalize-phone-number.js";
import { phoneNumberInput } from "../phone-input.js";
import { PHONE_NUMBER_ERRORS } from "../phone-number-errors.js";
import type { ResolvedPhoneNumberOptions } from "../phone-number-options.js";

const body = z.strictObject({
  phoneNumber: phoneNumberInput,
  password: z.string().max(4096),
  rememberMe: z.boolean().optional(),
});

/**
 * POST /sign-in/phone-number {phoneNumber, password}: sign-in/email with a number (same tags, and core's
 * `finishPasswordSignIn`: the same email-verification rule and session path). An unknown, unverified or
 * malformed number and a wrong password get the same 401 after the same password work, so the answer
 * does not tell which numbers have accounts.
 */
export const signInPhoneNumber = (o: ResolvedPhoneNumberOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/sign-in/phone-number",
      body,
      tags: ["creates-session", "sign-in"],
      openapi: {
        summary: "Sign in with phone number and password",
        response: z.object({
          redirect: z.boolean(),
          token: z.string(),
          url: z.string().nullable(),
          user: userResponse,
        }),
        errors: [
          PHONE_NUMBER_ERRORS.INVALID_PHONE_NUMBER_OR_PASSWORD,
          CORE_ERRORS.EMAIL_NOT_VERIFIED,
          CORE_ERRORS.EMAIL_PASSWORD_DISABLED,
        ],
      },
    },
    async (ctx) => {
      const { options, passwords } = ctx.auth;
      if (!options.emailAndPassword.enabled) throw new AuthError(CORE_ERRORS.EMAIL_PASSWORD_DISABLED);
      const phoneNumber = await normalizePhoneNumber(ctx.body.phoneNumber, o);
      const found = phoneNumber ? await findUserByPhone(ctx.auth, phoneNumber) : null;
      // Only a proven number signs in: one the server set without proof is not a credential yet.
      const user = found?.phoneNumberVerified ? found : null;
      const account = user ? await ctx.auth.accounts.findCredential(user.id) : null;
      const ok = await passwords.verifyOrDummy(account?.password, ctx.body.password);
      if (!user || !ok) throw new AuthError(PHONE_NUMBER_ERRORS.INVALID_PHONE_NUMBER_OR_PASSWORD);
      // The rest is sign-in/email's own ending: email-verification rule, session path, cookie, answer.
      return finishPasswordSignIn(ctx, user, { rememberMe: ctx.body.rememberMe });
    },
  );
