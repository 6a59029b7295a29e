import { AuthError, CORE_ERRORS } from "@gatehouse-auth/core";
import type { EndpointContext, SessionRequirement } from "@gatehouse-auth/core";
import { API_KEY_ERRORS } from "./api-key-errors.js";
import { SERVER_ONLY_FIELDS } from "./api-key-input.js";

type AnyCtx = EndpointContext<unknown, unknown, SessionRequirement>;

/**
 * Whose keys a call may touch. Over HTTP only the session's user: a `userId` there is refused, so no
 * request can create or change a key for someone else. A server-side call (`auth.api` without a
 * request) may name any `userId`, or act for the session its headers carry.
 */
export function resolveKeyOwner(ctx: AnyCtx, userId: string | undefined): string {
  if (ctx.request !== null) {
    if (!ctx.session) throw new AuthError(CORE_ERRORS.UNAUTHORIZED);
    if (userId !== undefined)
      throw new AuthError(API_KEY_ERRORS.SERVER_ONLY_PROPERTY, { details: { field: "userId" } });
    return ctx.session.user.id;
  }
  if (userId !== undefined) return userId;
  if (ctx.session) return ctx.session.user.id;
  throw new AuthError(CORE_ERRORS.USER_ID_OR_SESSION_REQUIRED);
}

/** Over HTTP, refuses any server-only field (limits, refill, rate limit, permissions) the body sets. */
export function rejectServerOnlyFields(ctx: AnyCtx, body: Record<string, unknown>): void {
  if (ctx.request === null) return;
  const field = SERVER_ONLY_FIELDS.find((f) => body[f] !== undefined);
  if (field) throw new AuthError(API_KEY_ERRORS.SERVER_ONLY_PROPERTY, { details: { field } });
}
