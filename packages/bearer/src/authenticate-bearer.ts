import type { AuthenticatedCaller, Credential, HookContext } from "@gatehouse-auth/core";
import { readBearerToken } from "./read-bearer-token.js";

/**
 * The plugin's `authenticate` hook: a signed session token in `Authorization: Bearer` stands for its
 * session exactly as the session cookie would (core asks only when no session cookie was sent). An
 * unsigned, tampered, unknown, expired or revoked token answers null, so the request stays anonymous.
 * Like get-session does for the cookie, a session due for a refresh slides forward here: a client that
 * only ever uses the header keeps its session alive the same way a browser does — unless the caller
 * asked get-session not to (`disableRefresh`), as it can with the cookie.
 */
export async function authenticateBearer(ctx: HookContext): Promise<AuthenticatedCaller | null> {
  const token = readBearerToken(ctx.auth.secret, ctx.headers.get("authorization"));
  if (!token) return null;
  const { sessions } = ctx.auth;
  const found = await sessions.findByToken(token);
  if (!found) return null;
  const { disableRefresh } = (ctx.query ?? {}) as { disableRefresh?: unknown };
  if (disableRefresh !== true && disableRefresh !== "true" && sessions.needsRefresh(found.session)) {
    const refreshed = await sessions.refresh(found.session);
    if (refreshed) found.session = refreshed;
  }
  return { session: found.session, user: found.user, credential: BEARER };
}

const BEARER: Credential = Object.freeze({ kind: "bearer" });
