import type { HookContext, SessionWithUser } from "@gatehouse-auth/core";
import { canHaveJwt } from "./can-have-jwt.js";
import type { SessionJwtSigner } from "./sign-session-jwt.js";

/** The get-session response header carrying a JWT. */
export const JWT_HEADER = "set-auth-jwt";

/** Whether the hook's endpoint is core's get-session (matched by identity, not by path). */
export const isGetSession = (ctx: HookContext) => ctx.endpoint === ctx.auth.endpoints.getSession;

/**
 * After hook on get-session: when it answers a session, a JWT for it goes in `set-auth-jwt` (listed in
 * Access-Control-Expose-Headers). None where GET /token would refuse one (an impersonation, an API key).
 */
export function setJwtHeader(sign: SessionJwtSigner) {
  return async (ctx: HookContext, result?: unknown): Promise<undefined> => {
    const data = result as SessionWithUser | null | undefined;
    if (!data?.session || !data.user || !canHaveJwt(data.session)) return undefined;
    ctx.responseHeaders[JWT_HEADER] = await sign(ctx.auth, data);
    const key = Object.keys(ctx.responseHeaders).find((k) => k.toLowerCase() === "access-control-expose-headers");
    const listed = key ? (ctx.responseHeaders[key] ?? "") : "";
    if (!/(^|,)\s*set-auth-jwt\s*(,|$)/i.test(listed)) {
      if (key) delete ctx.responseHeaders[key];
      ctx.responseHeaders["access-control-expose-headers"] = listed ? `${listed}, ${JWT_HEADER}` : JWT_HEADER;
    }
    return undefined;
  };
}
