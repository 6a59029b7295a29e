import { z } from "zod";
import { defineEndpoint } from "../api/define-endpoint.js";
import { userResponse } from "../api/response-shapes.js";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { finishPasswordSignIn } from "../session/finish-password-sign-in.js";
import { normalizeEmail } from "../user/normalize-email.js";

const signInEmailResponse = z.object({
  redirect: z.boolean(),
  token: z.string(),
  url: z.string().nullable(),
  user: userResponse,
});

const signInEmailBody = z.strictObject({
  email: z.string(),
  password: z.string().max(4096),
  callbackURL: z.string().optional(),
  rememberMe: z.boolean().optional(),
});

/** POST /sign-in/email: same answer and same time for unknown users and wrong passwords. */
export const signInEmail = defineEndpoint(
  {
    method: "POST",
    path: "/sign-in/email",
    body: signInEmailBody,
    tags: ["creates-session", "sign-in"],
    openapi: {
      summary: "Sign in with email and password",
      response: signInEmailResponse,
      errors: [CORE_ERRORS.INVALID_EMAIL_OR_PASSWORD, CORE_ERRORS.INVALID_EMAIL, CORE_ERRORS.EMAIL_NOT_VERIFIED],
    },
  },
  async (ctx) => {
    const { options, passwords } = ctx.auth;
    if (!options.emailAndPassword.enabled) throw new AuthError(CORE_ERRORS.EMAIL_PASSWORD_DISABLED);
    const email = normalizeEmail(ctx.body.email);
    const user = await ctx.auth.users.findByEmail(email);
    const account = user ? await ctx.auth.accounts.findCredential(user.id) : null;
    const ok = await passwords.verifyOrDummy(account?.password, ctx.body.password);
    if (!user || !ok) throw new AuthError(CORE_ERRORS.INVALID_EMAIL_OR_PASSWORD);
    // Only after the password checked out, so a stranger cannot trigger the verification mail.
    return finishPasswordSignIn(ctx, user, ctx.body);
  },
);
