import { z } from "zod";
import { UniqueConstraintError } from "../adapter/adapter-errors.js";
import { defineEndpoint } from "../api/define-endpoint.js";
import type { EndpointContext } from "../api/define-endpoint.js";
import { redirectTo } from "../api/endpoint-response.js";
import { userResponse } from "../api/response-shapes.js";
import { sendChangeVerification } from "../email/send-change-verification.js";
import type { VerifyEmailPayload } from "../email/send-verification-email.js";
import { AuthError, isAuthError } from "../errors/auth-error.js";
import { CORE_ERRORS, VERIFY_EMAIL_INVALID_TOKEN } from "../errors/core-errors.js";
import type { User } from "../schema/model-types.js";
import { isDontRemember, setSessionCookie } from "../session/session-cookies.js";
import { voidResetTokens } from "../tokens/void-reset-tokens.js";

type VerifyFailure = "token_expired" | "invalid_token" | "user_not_found" | "unauthorized";

/**
 * GET /verify-email?token&callbackURL: marks the address verified, or — for an email change — moves
 * the account to the new address. Signs the user in when `autoSignInAfterVerification` is on.
 * Failures redirect to `callbackURL?error=…` when there is one, else answer 401 INVALID_TOKEN `invalid token`
 * (better-auth's status for it; reset-password's bad token stays 400).
 */
export const verifyEmail = defineEndpoint(
  {
    method: "GET",
    path: "/verify-email",
    query: z.object({ token: z.string(), callbackURL: z.string().optional() }),
    session: "optional",
    // creates-session: the sign-in after verification is a sign-in like any other (second factor included).
    tags: ["email-verification", "creates-session"],
    openapi: {
      summary: "Verify an email address with the emailed token",
      description:
        "With callbackURL: a redirect to it, carrying ?error=token_expired|invalid_token|user_not_found|unauthorized on failure. Without: JSON.",
      response: z.object({ status: z.boolean(), user: userResponse }),
      kind: ["json", "redirect"],
      errors: [VERIFY_EMAIL_INVALID_TOKEN, CORE_ERRORS.COULD_NOT_UPDATE_EMAIL],
    },
  },
  async (ctx) => {
    const { callbackURL } = ctx.query;
    const fail = (error: VerifyFailure) => {
      if (callbackURL) return redirectTo(ctx, callbackURL, { params: { error } });
      throw new AuthError(VERIFY_EMAIL_INVALID_TOKEN);
    };
    // Everything is checked before the token is used up: a refusal leaves it valid for its owner.
    const found = await ctx.auth.tokens.peek<VerifyEmailPayload>("verify-email", ctx.query.token);
    if (found.status !== "valid") return fail(found.status === "expired" ? "token_expired" : "invalid_token");
    const { payload } = found;
    // A decoy token (written so that every answer of send-verification-email costs the same) names no user.
    if (typeof payload?.userId !== "string") return fail("invalid_token");
    const user = await ctx.auth.users.findById(payload.userId);
    if (!user) return fail("user_not_found");
    // A link made for an address the account no longer has is void.
    if (user.email !== payload.email) return fail("invalid_token");
    if (ctx.session && ctx.session.user.id !== user.id) return fail("unauthorized");
    if ((await ctx.auth.tokens.consume("verify-email", ctx.query.token)).status !== "valid")
      return fail("invalid_token");

    let updated: User;
    if (payload.confirmChangeTo) {
      // Step one of a verified user's email change: the current address agreed; now prove the new one.
      // If the address has an account, nothing goes to it, and this answer is the same: whoever holds the
      // current mailbox must not learn which addresses are registered.
      await sendChangeVerification(ctx, user, payload.confirmChangeTo, callbackURL);
      updated = user;
    } else if (payload.updateTo) {
      const updateTo = payload.updateTo;
      const moved = await ctx.auth
        .transaction(async (tx) => {
          const row = await tx.users.update(user.id, { email: updateTo, emailVerified: true });
          // Reset links mailed to the old address must not reach the account any more.
          if (row) await voidResetTokens(tx.db, user.id);
          return row;
        })
        .catch((error: unknown) => {
          if (error instanceof UniqueConstraintError) return null; // taken since the link was sent
          throw error;
        });
      if (!moved) throw new AuthError(CORE_ERRORS.COULD_NOT_UPDATE_EMAIL);
      updated = moved;
    } else {
      updated = user.emailVerified ? user : ((await ctx.auth.users.update(user.id, { emailVerified: true })) ?? user);
    }

    try {
      await signInAfterVerification(ctx, updated);
    } catch (error) {
      // A plugin refused the sign-in (a ban): the address stays verified; a browser following the link
      // lands on the app with the refusal's code rather than on a JSON error.
      if (!callbackURL || !isAuthError(error) || error.status >= 500) throw error;
      return redirectTo(ctx, callbackURL, { params: { error: error.code.toLowerCase() } });
    }
    const publicUser = ctx.auth.sessions.publicUser(updated);
    return callbackURL ? redirectTo(ctx, callbackURL) : { status: true, user: publicUser };
  },
);

type Ctx = EndpointContext<unknown, { token: string; callbackURL?: string }, "optional">;

async function signInAfterVerification(ctx: Ctx, user: User): Promise<void> {
  const { sessions, options } = ctx.auth;
  if (ctx.session) {
    // Same browser, same user: keep the session, but refresh cookies that carry user data.
    setSessionCookie(ctx, { session: ctx.session.session, user: sessions.publicUser(user) }, !isDontRemember(ctx));
    return;
  }
  if (!options.emailVerification.autoSignInAfterVerification) return;
  const data = await sessions.create(ctx.auth.db, user, {
    ipAddress: ctx.clientIp,
    userAgent: ctx.headers.get("user-agent") ?? undefined,
  });
  setSessionCookie(ctx, data);
}
