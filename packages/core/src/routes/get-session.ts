import { z } from "zod";
import { defineEndpoint } from "../api/define-endpoint.js";
import { sessionWithUserResponse } from "../api/response-shapes.js";
import type { SessionWithUser } from "../schema/model-types.js";
import { authenticateRequest } from "../session/authenticate-request.js";
import { authenticatedCredential, checkCredential } from "../api/check-credential.js";
import { readSessionCache } from "../session/session-cache.js";
import { clearSessionCookies, isDontRemember, setSessionCookie } from "../session/session-cookies.js";

const flag = z
  .union([z.boolean(), z.enum(["true", "false"])])
  .optional()
  .transform((v) => v === true || v === "true");

/**
 * GET /get-session: the hot path — one HMAC check and one indexed query (session joined with user),
 * or no query at all when the signed session-data cookie (cookie cache) is on and current.
 */
export const getSession = defineEndpoint(
  {
    method: "GET",
    path: "/get-session",
    query: z.object({ disableCookieCache: flag, disableRefresh: flag }),
    // Every credential may read whom it stands for, an API key without any permission too.
    credentials: "any",
    openapi: {
      summary: "The current session and user, or null",
      response: sessionWithUserResponse.nullable(),
      // It reads the session itself (so a stale cookie answers null, not 401), authenticators included.
      session: "optional",
    },
  },
  async (ctx): Promise<SessionWithUser | null> => {
    const { sessions } = ctx.auth;
    const token = sessions.tokenFromCookieHeader(ctx.headers.get("cookie"));
    if (!token) {
      if (ctx.getCookie(ctx.auth.cookies.sessionToken) !== undefined) clearSessionCookies(ctx);
      const caller = await authenticateRequest(ctx);
      if (!caller) return null;
      // The router's check, which this route's own reading bypasses: `any` takes every kind but one that
      // stands for no user (an organization's key), which must never read a user session here.
      checkCredential(ctx.endpoint.config, authenticatedCredential(caller.credential));
      // Only the session and user: the credential's kind and permissions are the server's business.
      return { session: caller.session, user: caller.user };
    }
    if (ctx.auth.options.session.cookieCache.enabled && !ctx.query.disableCookieCache) {
      const cached = readSessionCache(ctx, token);
      if (cached) return cached;
    }
    const found = await sessions.findByToken(token);
    if (!found) {
      clearSessionCookies(ctx);
      return null;
    }
    if (!ctx.query.disableRefresh && sessions.needsRefresh(found.session)) {
      const refreshed = await sessions.refresh(found.session);
      if (refreshed) {
        found.session = refreshed;
        setSessionCookie(ctx, found, !isDontRemember(ctx));
      }
    }
    return found;
  },
);
