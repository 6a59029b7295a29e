import type { AuthContext, SessionWithUser } from "@gatehouse-auth/core";
import type { KeyStore } from "./key-store.js";
import type { ResolvedJwtOptions } from "./jwt-options.js";
import { loadJose } from "./load-jose.js";
import { createTokenCache } from "./token-cache.js";

/** Claims the plugin sets itself; `definePayload` cannot replace them. */
const RESERVED = new Set(["sub", "iss", "aud", "iat", "exp", "nbf", "jti"]);

/**
 * Signs the JWT for a session: `sub` = user id, `iss`, `aud`, `iat`, `exp` (never after the session's
 * own expiry) and `definePayload`'s claims. A token is reused while more than a third of its life is
 * left, keyed by session, signing key and claims, so a rotation or a changed claim mints a new one.
 */
export function createSessionJwtSigner(o: ResolvedJwtOptions, keys: KeyStore) {
  const cache = createTokenCache(o.cacheSize);
  const lifetimeMs = o.expiresIn * 1000;

  return async function signSessionJwt(auth: AuthContext, data: SessionWithUser): Promise<string> {
    const key = await keys.signingKey(auth);
    const extra: Record<string, unknown> = {};
    const defined = o.definePayload ? await o.definePayload(data) : null;
    for (const [name, value] of Object.entries(defined ?? {})) if (!RESERVED.has(name)) extra[name] = value;
    const issuer = o.issuer ?? auth.options.baseURL;
    const audience = o.audience ?? auth.options.baseURL;
    const cacheKey = JSON.stringify([data.session.id, data.user.id, key.kid, issuer, audience, extra]);
    const now = auth.now();
    const hit = cache.get(cacheKey);
    if (hit && hit.expiresAt - now > lifetimeMs / 3) return hit.token;

    const expiresAt = Math.min(now + lifetimeMs, data.session.expiresAt.getTime());
    const { SignJWT } = await loadJose();
    const token = await new SignJWT(extra)
      .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: "JWT" })
      .setSubject(data.user.id)
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor(expiresAt / 1000))
      .sign(key.privateKey);
    cache.set(cacheKey, { token, expiresAt });
    return token;
  };
}

/** The signer's type. */
export type SessionJwtSigner = ReturnType<typeof createSessionJwtSigner>;
