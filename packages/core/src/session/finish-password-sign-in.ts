import type { EndpointContext, SessionRequirement } from "../api/define-endpoint.js";
import { sendVerificationEmail } from "../email/send-verification-email.js";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import type { SessionWithUser, User } from "../schema/model-types.js";
import { setSessionCookie } from "./session-cookies.js";

/** What a password sign-in answers: `/sign-in/email`'s shape. */
export interface PasswordSignInResult {
  redirect: boolean;
  token: string;
  url: string | null;
  user: SessionWithUser["user"];
}

/**
 * The end of every password sign-in (`/sign-in/email`, a plugin's `/sign-in/username`), once the user is
 * known and the password checked: refuses an unverified address when `requireEmailVerification` is on
 * (mailing a fresh link when `sendOnSignIn`), creates the session through the one path every session
 * takes (`validateUser`, `beforeSessionCreate`), sets its cookie and answers `{ redirect, token, url, user }`.
 * Call it only after the password checked out, so a stranger cannot trigger the mail.
 */
export async function finishPasswordSignIn(
  ctx: EndpointContext<unknown, unknown, SessionRequirement>,
  user: User,
  input: { rememberMe?: boolean; callbackURL?: string },
): Promise<PasswordSignInResult> {
  const { options, sessions } = ctx.auth;
  if (options.emailAndPassword.requireEmailVerification && !user.emailVerified) {
    if (options.emailVerification.sendOnSignIn) {
      await sendVerificationEmail(ctx, user, { callbackURL: input.callbackURL });
    }
    throw new AuthError(CORE_ERRORS.EMAIL_NOT_VERIFIED);
  }
  const data = await sessions.create(ctx.auth.db, user, {
    ipAddress: ctx.clientIp,
    userAgent: ctx.headers.get("user-agent") ?? undefined,
  });
  setSessionCookie(ctx, data, input.rememberMe !== false);
  const url = input.callbackURL;
  return { redirect: Boolean(url), token: data.session.token, url: url ?? null, user: data.user };
}
