import type { AuthenticatedCaller, CredentialPermissions, HookContext } from "@gatehouse-auth/core";
import type { ResolvedApiKeyOptions } from "./api-key-options.js";
import { findKeyUsageByHash } from "./api-key-repository.js";
import { consumeApiKey } from "./consume-api-key.js";

/** Tag of the plugin's own endpoints: a key never authenticates them. */
export const API_KEY_TAG = "api-key";

/**
 * The plugin's `authenticate` hook: a key in the configured header stands for its owner. The session is
 * synthetic (never written): `id` is the key's id, `token` is empty. Its credential is `api-key` with the
 * key's permissions: it reaches only the endpoints whose `apiKeyPermission` it holds (and get-session), is
 * never fresh, and never reaches an `own-session` endpoint (core's router refuses it, docs/api-key.md).
 * An organization's key is `organization-key`, which no session-reading endpoint accepts: it never
 * yields a user session (the app checks it with verify).
 */
export function authenticateApiKey(o: ResolvedApiKeyOptions) {
  return async (ctx: HookContext): Promise<AuthenticatedCaller | null> => {
    const presented = ctx.headers.get(o.headerName);
    if (!presented) return null;
    // A leaked key must not be able to mint, widen or delete keys and so outlive its own revocation.
    if (ctx.endpoint.config.tags?.includes(API_KEY_TAG)) return null;
    // An organization's key stands for no user: the router refuses its kind on every session route, so
    // recognising it spends nothing. The session below exists only to carry that refusal.
    const key = await consumeApiKey(ctx.auth, o, presented, findKeyUsageByHash, (k) =>
      k.organizationId ? "unspent" : undefined,
    );
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
      credential: key.organizationId
        ? { kind: "organization-key", permissions: null }
        : { kind: "api-key", permissions: parsePermissions(key.permissions) },
    };
  };
}

/** The stored permissions as the router reads them; anything malformed grants nothing. */
function parsePermissions(stored: unknown): CredentialPermissions | null {
  if (!stored || typeof stored !== "object" || Array.isArray(stored)) return null;
  const out: Record<string, readonly string[]> = {};
  for (const [resource, actions] of Object.entries(stored))
    if (Array.isArray(actions)) out[resource] = actions.filter((a): a is string => typeof a === "string");
  return out;
}
