import {
  AuthError,
  CORE_ERRORS,
  EndpointResponse,
  defineEndpoint,
  isAuthError,
  redirectTo,
  setSessionCookie,
  tokenUserResponse,
} from "@gatehouse-auth/core";
import type { CatalogueError } from "@gatehouse-auth/core";
import { z } from "zod";
import { MAGIC_LINK_ERRORS } from "../magic-link-errors.js";
import type { ResolvedMagicLinkOptions } from "../magic-link-options.js";
import { consumeMagicLink } from "../magic-link-store.js";
import { signInByLink } from "../sign-in-by-link.js";

const query = z.object({
  token: z.string(),
  callbackURL: z.string().optional(),
  newUserCallbackURL: z.string().optional(),
  errorCallbackURL: z.string().optional(),
});

/** The `error` parameter of a failed link's redirect, by cause. */
const REDIRECT_ERROR: Record<string, string> = {
  [MAGIC_LINK_ERRORS.MAGIC_LINK_INVALID_TOKEN.code]: "invalid_token",
  [MAGIC_LINK_ERRORS.MAGIC_LINK_EXPIRED.code]: "expired_token",
  [MAGIC_LINK_ERRORS.MAGIC_LINK_SIGN_UP_DISABLED.code]: "signup_disabled",
};

/**
 * GET /magic-link/verify?token&callbackURL&newUserCallbackURL&errorCallbackURL: spends the link and
 * signs this browser in, then redirects to callbackURL (newUserCallbackURL for a user it created).
 * The callback URLs are checked by core before this runs: an untrusted one (a link edited on the way)
 * is a 403 and the token stays unspent. A used, unknown or expired token, or a refused user (a ban),
 * redirects to errorCallbackURL (else callbackURL) with `?error=…` and no session; without either, JSON.
 *
 * A GET that signs in is the design of a mailed link; mail scanners that prefetch links with GET can
 * spend one (see docs/magic-link.md). HEAD — which core answers with the GET handler — spends nothing.
 */
export const verifyMagicLink = (o: ResolvedMagicLinkOptions) =>
  defineEndpoint(
    {
      method: "GET",
      path: "/magic-link/verify",
      query,
      // Sign-in rules (two-factor, session caps) hook these tags, never this path.
      tags: ["creates-session", "sign-in", "creates-user"],
      openapi: {
        summary: "Open a magic link: sign in (or sign up) and go to the callback URL",
        description:
          "With callbackURL: a redirect to it (newUserCallbackURL for a new user); on failure to errorCallbackURL or callbackURL with ?error=invalid_token|expired_token|signup_disabled|<refusal code>. Without: JSON.",
        response: tokenUserResponse,
        kind: ["redirect", "json"],
        errors: [
          MAGIC_LINK_ERRORS.MAGIC_LINK_INVALID_TOKEN,
          MAGIC_LINK_ERRORS.MAGIC_LINK_EXPIRED,
          MAGIC_LINK_ERRORS.MAGIC_LINK_SIGN_UP_DISABLED,
          CORE_ERRORS.INVALID_CALLBACK_URL,
        ],
      },
    },
    async (ctx) => {
      // A link checker's HEAD must not sign anyone in or burn the link its owner is about to open.
      if (ctx.request?.method === "HEAD") return new EndpointResponse(200, null);
      const { token, callbackURL, newUserCallbackURL, errorCallbackURL } = ctx.query;
      const failTo = errorCallbackURL ?? callbackURL;
      const fail = (error: CatalogueError | AuthError) => {
        if (!failTo) throw error instanceof AuthError ? error : new AuthError(error);
        const code = REDIRECT_ERROR[error.code] ?? error.code.toLowerCase();
        return redirectTo(ctx, failTo, { params: { error: code } });
      };
      const link = await consumeMagicLink(ctx.auth, token);
      if (link.status === "expired") return fail(MAGIC_LINK_ERRORS.MAGIC_LINK_EXPIRED);
      if (link.status !== "valid") return fail(MAGIC_LINK_ERRORS.MAGIC_LINK_INVALID_TOKEN);
      let signedIn: Awaited<ReturnType<typeof signInByLink>>;
      try {
        signedIn = await signInByLink(ctx, o, link.payload);
      } catch (error) {
        // A refusal (sign-up off, a ban) lands the browser on the app with its code, not on raw JSON.
        if (isAuthError(error) && error.status < 500) return fail(error);
        throw error;
      }
      setSessionCookie(ctx, signedIn.data);
      const target = signedIn.isNewUser ? (newUserCallbackURL ?? callbackURL) : callbackURL;
      if (target) return redirectTo(ctx, target);
      return { token: signedIn.data.session.token, user: signedIn.data.user };
    },
  );
