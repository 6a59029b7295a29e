import { authUrl } from "../utils/auth-url.js";
import { issueDecoyVerification, sendVerificationEmail, type VerificationCtx } from "./send-verification-email.js";

/** What the lookup needs besides the link helpers: the users repository. */
type Ctx = VerificationCtx;

/**
 * For a signed-out POST /send-verification-email: checks on the request's path only what is the same for
 * every address (a link can be built on this Host: an untrusted one is refused alike), then answers; the
 * lookup, the token (a decoy for an unknown or verified address) and the mail happen after the answer,
 * on a later turn of the event loop, so neither the answer nor its timing depends on the address.
 * Failures are logged, never shown.
 */
export function sendVerificationOffPath(ctx: Ctx, email: string, callbackURL: string | undefined): void {
  authUrl(ctx, "/verify-email");
  ctx.auth.background.run("verification email", async () => {
    // A timer, not a microtask: the answer is written before any of this work starts.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const user = await ctx.auth.users.findByEmail(email);
    if (user && !user.emailVerified) await sendVerificationEmail(ctx, user, { callbackURL });
    else await issueDecoyVerification(ctx);
  });
}
