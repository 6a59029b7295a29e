import type { HookContext, SessionWithUser } from "@gatehouse/core";
import type { ResolvedApiKeyOptions } from "./api-key-options.js";
import { findKeyUsageByHash } from "./api-key-repository.js";
import { consumeApiKey } from "./consume-api-key.js";

/** Tag of the plugin's own endpoints: a key never authenticates them. */
export const API_KEY_TAG = "api-key";

/**
 * The plugin's `authenticate` hook: a key in the configured header stands for its owner. The session is
 * synthetic (never written): `id` is the key's id, `token` is empty, and `createdAt` is the key's
 * creation — the owner last proved who they are when minting it, so fresh-session checks measure from there.
 */
export function authenticateApiKey(o: ResolvedApiKeyOptions) {
  return async (ctx: HookContext): Promise<SessionWithUser | null> => {
    const presented = ctx.headers.get(o.headerName);
    if (!presented) return null;
    // A leaked key must not be able to mint, widen or delete keys and so outlive its own revocation.
    if (ctx.endpoint.config.tags?.includes(API_KEY_TAG)) return null;
    const key = await consumeApiKey(ctx.auth, o, presented, findKeyUsageByHash);
    const now = ctx.auth.now();
    const user = ctx.auth.sessions.publicUser(key.user!);
    return {
      session: {
        id: key.id,
        token: "",
        userId: key.userId,
        expiresAt: key.expiresAt ?? new Date(now + ctx.auth.options.session.expiresIn * 1000),
        createdAt: key.createdAt,
        updatedAt: new Date(now),
        ipAddress: ctx.clientIp,
        userAgent: ctx.headers.get("user-agent"),
        apiKeyId: key.id,
      },
      user,
    };
  };
}
