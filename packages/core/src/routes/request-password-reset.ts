import { z } from "zod";
import { defineEndpoint } from "../api/define-endpoint.js";
import { statusResponse } from "../api/response-shapes.js";
import type { EndpointContext } from "../api/define-endpoint.js";
import { sendInBackground } from "../email/send-in-background.js";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { authUrl } from "../utils/auth-url.js";
import { normalizeEmail } from "../user/normalize-email.js";
import { resetTokenPayload } from "../tokens/void-reset-tokens.js";

/** A reset token: 24 random characters (SPEC.md §9). */
export const RESET_TOKEN_LENGTH = 24;

const body = z.strictObject({ email: z.string(), redirectTo: z.string().optional() });

async function handler(ctx: EndpointContext<z.infer<typeof body>, unknown, undefined>) {
  const { options, users, tokens } = ctx.auth;
  const send = options.emailAndPassword.sendResetPassword;
  if (!send) throw new AuthError(CORE_ERRORS.RESET_PASSWORD_DISABLED);
  const email = normalizeEmail(ctx.body.email);
  // The link's origin is settled before the lookup: without a baseURL an untrusted Host is refused for
  // every address alike, so the refusal cannot tell which addresses have accounts.
  const link = new URL(authUrl(ctx, "/reset-password/", { callbackURL: ctx.body.redirectTo ?? "/" }));
  const user = await users.findByEmail(email);
  // Known or unknown, the same work: one lookup, one write, no waiting on a mail server. The answer
  // and its timing say nothing about whether the address has an account.
  const token = await tokens.issue(
    "reset-password",
    resetTokenPayload(user?.id ?? null),
    options.emailAndPassword.resetPasswordTokenExpiresIn,
    { length: RESET_TOKEN_LENGTH },
  );
  if (user) {
    link.pathname += encodeURIComponent(token);
    const url = link.toString();
    sendInBackground(ctx.auth, "password reset email", () => send({ user, url, token }));
  }
  return { status: true };
}

/** POST /request-password-reset: mails a reset link; always `{status: true}`. */
export const requestPasswordReset = defineEndpoint(
  {
    method: "POST",
    path: "/request-password-reset",
    body,
    tags: ["password-reset"],
    openapi: {
      summary: "Request a password reset email",
      response: statusResponse,
      errors: [CORE_ERRORS.RESET_PASSWORD_DISABLED, CORE_ERRORS.INVALID_EMAIL],
    },
  },
  handler,
);

/** POST /forget-password: the older name of request-password-reset, kept for clients that use it. */
export const forgetPassword = defineEndpoint(
  {
    method: "POST",
    path: "/forget-password",
    body,
    tags: ["password-reset"],
    openapi: {
      summary: "Request a password reset email (alias of /request-password-reset)",
      response: statusResponse,
      errors: [CORE_ERRORS.RESET_PASSWORD_DISABLED, CORE_ERRORS.INVALID_EMAIL],
    },
  },
  handler,
);
