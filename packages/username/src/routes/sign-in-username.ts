import { AuthError, CORE_ERRORS, defineEndpoint, finishPasswordSignIn, userResponse } from "@gatehouse-auth/core";
import { z } from "zod";
import { findUserByUsername } from "../find-user-by-username.js";
import { normalizeUsername } from "../normalize-username.js";
import { USERNAME_ERRORS } from "../username-errors.js";
import type { ResolvedUsernameOptions } from "../username-options.js";

const signInUsernameBody = z.strictObject({
  username: z.string().max(255),
  password: z.string().max(4096),
  callbackURL: z.string().optional(),
  rememberMe: z.boolean().optional(),
});

const signInUsernameResponse = z.object({
  redirect: z.boolean(),
  token: z.string(),
  url: z.string().nullable(),
  user: userResponse,
});

/**
 * POST /sign-in/username: `/sign-in/email` with a username (any case). An unknown name costs a dummy
 * hash and answers what a wrong password does. Past the password it is the same sign-in: the same tags
 * (so other plugins' hooks apply), email verification when required, `validateUser` (bans) and the
 * session path every sign-in takes.
 */
export const signInUsername = (options: ResolvedUsernameOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/sign-in/username",
      body: signInUsernameBody,
      tags: ["creates-session", "sign-in"],
      openapi: {
        summary: "Sign in with username and password",
        description: "The username matches in any case. An unknown username and a wrong password answer alike.",
        response: signInUsernameResponse,
        errors: [
          USERNAME_ERRORS.INVALID_USERNAME_OR_PASSWORD,
          USERNAME_ERRORS.UNPROCESSABLE_USERNAME,
          CORE_ERRORS.EMAIL_NOT_VERIFIED,
          CORE_ERRORS.EMAIL_PASSWORD_DISABLED,
        ],
      },
    },
    async (ctx) => {
      const { passwords } = ctx.auth;
      // Username sign-in is password sign-in: off when email and password is.
      if (!ctx.auth.options.emailAndPassword.enabled) throw new AuthError(CORE_ERRORS.EMAIL_PASSWORD_DISABLED);
      // The character set and length are public rules: refusing a malformed name tells nothing of accounts.
      const username = normalizeUsername(ctx.body.username, options);
      if (username === null) throw new AuthError(USERNAME_ERRORS.UNPROCESSABLE_USERNAME);
      const user = await findUserByUsername(ctx.auth.db, username);
      const account = user ? await ctx.auth.accounts.findCredential(user.id) : null;
      const ok = await passwords.verifyOrDummy(account?.password, ctx.body.password);
      if (!user || !ok) throw new AuthError(USERNAME_ERRORS.INVALID_USERNAME_OR_PASSWORD);
      return finishPasswordSignIn(ctx, user, ctx.body);
    },
  );
