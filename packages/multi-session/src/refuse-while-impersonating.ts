import { AuthError } from "@gatehouse-auth/core";
import type { HookContext } from "@gatehouse-auth/core";
import { MULTI_SESSION_ERRORS } from "./multi-session-errors.js";

/**
 * Switching or ending accounts while impersonating would strand the admin plugin's way back (its
 * stashed admin session) or leave the impersonation running unseen: the admin stops impersonating first.
 */
export function refuseWhileImpersonating(ctx: HookContext): void {
  if (ctx.session?.session.impersonatedBy)
    throw new AuthError(MULTI_SESSION_ERRORS.MULTI_SESSION_IMPERSONATING, { cookies: ctx.cookies });
}
