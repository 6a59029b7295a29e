import { type AuthContext, sha256Base64Url } from "@gatehouse-auth/core";
import { type ClientJwks, type JwksCache, publicKeysOnly } from "./client-jwks.js";
import { GRANT_MODELS } from "./grants-schema.js";
import type { OAuthClient } from "./oauth-client.js";
import { OAuthError } from "./oauth-error.js";

/** RFC 7523 §2.2's client_assertion_type. */
export const JWT_BEARER_ASSERTION = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";

/** Asymmetric algorithms only: never `none`, never HS* (an HMAC keyed with a public key proves nothing). */
export const ASSERTION_ALGORITHMS = [
  "RS256",
  "RS384",
  "RS512",
  "PS256",
  "PS384",
  "PS512",
  "ES256",
  "ES384",
  "ES512",
  "EdDSA",
  // RFC 9864's fully-specified name for EdDSA over Ed25519 (oauth4webapi signs with it).
  "Ed25519",
] as const;

// An assertion is for one request: refuse ones valid longer than this (RFC 7523 §3 item 4 leaves it to us).
const MAX_LIFETIME_S = 600;
const SKEW_S = 30;

const invalidClient = (why: string) => new OAuthError("invalid_client", why, 401);

/**
 * Verifies a `private_key_jwt` client assertion (RFC 7523 §3, OIDC Core §9): signed by one of the
 * client's keys with an allowed algorithm; `iss` and `sub` the client; `aud` naming one of `audiences`
 * (the issuer or the endpoint); `exp` in the near future; `jti` never seen before for this client
 * (stored until `exp`). Every failure is 401 invalid_client.
 */
export async function verifyClientAssertion(
  auth: Pick<AuthContext, "db" | "now">,
  jwks: JwksCache,
  client: OAuthClient,
  assertion: string,
  audiences: readonly string[],
): Promise<void> {
  if (assertion.length > 8192 || audiences.length === 0) throw invalidClient("Invalid client assertion");
  const jose = await import("jose");
  const now = auth.now();
  const keySet = async (stale: boolean): Promise<ClientJwks> =>
    client.jwksUri ? jwks.get(client.jwksUri, now, stale, client.registered === true) : publicKeysOnly(client.jwks);
  const verify = async (set: ClientJwks) =>
    jose.jwtVerify(assertion, jose.createLocalJWKSet(set as Parameters<typeof jose.createLocalJWKSet>[0]), {
      issuer: client.clientId,
      subject: client.clientId,
      audience: [...audiences],
      algorithms: [...ASSERTION_ALGORITHMS],
      currentDate: new Date(now),
      clockTolerance: SKEW_S,
      requiredClaims: ["exp", "jti"],
    });
  let payload: Awaited<ReturnType<typeof verify>>["payload"];
  try {
    payload = (await verify(await keySet(false))).payload;
  } catch (error) {
    // An unknown kid from a jwks_uri client may be a key rotation: look once more.
    if (!(client.jwksUri && (error as { code?: string })?.code === "ERR_JWKS_NO_MATCHING_KEY"))
      throw invalidClient("Invalid client assertion");
    try {
      payload = (await verify(await keySet(true))).payload;
    } catch {
      throw invalidClient("Invalid client assertion");
    }
  }
  const exp = payload.exp as number;
  const jti = payload.jti;
  if (exp * 1000 > now + (MAX_LIFETIME_S + SKEW_S) * 1000) throw invalidClient("The client assertion lives too long");
  if (typeof jti !== "string" || jti.length === 0 || jti.length > 256) throw invalidClient("Invalid client assertion");
  const id = sha256Base64Url(`${client.clientId}\u0000${jti}`).slice(0, 43);
  // The insert is the claim: two requests with one jti race for the one row id.
  try {
    await auth.db.create({
      model: GRANT_MODELS.assertionJti,
      data: { id, expiresAt: new Date(Math.max(exp * 1000, now) + SKEW_S * 1000) },
    });
  } catch {
    throw invalidClient("The client assertion was already used");
  }
}
