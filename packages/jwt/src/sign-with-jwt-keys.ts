import type { AuthContext } from "@gatehouse-auth/core";
import type { KeyStore } from "./key-store.js";
import { loadJose } from "./load-jose.js";

/** What another plugin may ask the jwt plugin for: a signature with its current key, and the key's id. */
export interface JwtSigner {
  /**
   * Signs `claims` as they are (the caller sets iss, aud, exp…) with the current key pair, header
   * `{ alg, kid, typ }`. The token verifies against the JWKS that GET /jwks publishes.
   */
  sign(auth: AuthContext, claims: Record<string, unknown>, options?: { typ?: string }): Promise<string>;
  /**
   * The claims of a token this signer signed (with any of its keys, a rotated one too), checking only
   * the signature and `alg`: no `exp`, `iss` or `aud` check, which the caller makes as its use requires
   * (an `id_token_hint` may be expired). Null for anything else: another signer, a forged or malformed token.
   */
  verify(auth: AuthContext, token: string): Promise<Record<string, unknown> | null>;
  /** The signing algorithm (`EdDSA` by default), e.g. for `id_token_signing_alg_values_supported`. */
  readonly algorithm: string;
}

/** Builds the signer the jwt plugin exposes on its plugin object (`signer`). */
export function createJwtSigner(keys: KeyStore, algorithm: string): JwtSigner {
  return {
    algorithm,
    async sign(auth, claims, options = {}) {
      const key = await keys.signingKey(auth);
      const { SignJWT } = await loadJose();
      return new SignJWT(claims)
        .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: options.typ ?? "JWT" })
        .sign(key.privateKey);
    },
    async verify(auth, token) {
      if (token.length > 8192) return null;
      const { compactVerify, decodeProtectedHeader, importJWK } = await loadJose();
      try {
        const header = decodeProtectedHeader(token);
        if (header.alg !== algorithm || typeof header.kid !== "string") return null;
        const jwk = await keys.publicKey(auth, header.kid);
        if (!jwk) return null;
        const { payload } = await compactVerify(token, await importJWK(jwk, algorithm), { algorithms: [algorithm] });
        const claims: unknown = JSON.parse(new TextDecoder().decode(payload));
        return claims && typeof claims === "object" && !Array.isArray(claims)
          ? (claims as Record<string, unknown>)
          : null;
      } catch {
        return null;
      }
    },
  };
}

/**
 * The jwt plugin's signer in this auth, for plugins that issue their own tokens with the same keys
 * (the OAuth provider's ID tokens): null when the app did not install `jwt()`.
 */
export function findJwtSigner(auth: Pick<AuthContext, "plugins">): JwtSigner | null {
  for (const plugin of auth.plugins) {
    const signer = (plugin as { signer?: unknown }).signer;
    if (plugin.id === "jwt" && signer && typeof signer === "object") return signer as JwtSigner;
  }
  return null;
}
