import { type AuthContext, sha256Base64Url } from "@gatehouse-auth/core";
import { ASSERTION_ALGORITHMS } from "./client-assertion.js";
import { GRANT_MODELS } from "./grants-schema.js";
import { OAuthError } from "./oauth-error.js";

/** The algorithms a DPoP proof may be signed with: asymmetric only (a MAC keyed with a public key proves nothing). */
export const DPOP_ALGORITHMS = ASSERTION_ALGORITHMS;

// RFC 9449 §11.1: a proof is accepted only for a short while after its iat, and its jti only once in that while.
const WINDOW_S = 60;
// Clocks disagree; a proof from slightly in the future is still fresh.
const SKEW_S = 10;
// Members of a private or symmetric JWK: a proof carrying one leaks its key or is not asymmetric at all.
const PRIVATE_MEMBERS = ["d", "p", "q", "dp", "dq", "qi", "oth", "k", "priv"] as const;

/** RFC 9449 §4.3 item 9: the URL a proof's `htu` is compared with, without query and fragment. */
export function htuOf(url: string): string | null {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return null;
  }
}

/** What the request the proof came with was. */
export interface DpopRequest {
  method: string;
  url: string;
  /** For a resource request: the access token, whose hash the proof's `ath` must be (§4.3 item 11). */
  accessToken?: string;
}

const refuse = (why: string) => new OAuthError("invalid_dpop_proof", why);

/**
 * Checks a `DPoP` header's proof (RFC 9449 §4.3): one JWS with `typ: dpop+jwt`, an allowed asymmetric
 * `alg`, a public `jwk` it verifies under; `htm`/`htu` naming this request; `iat` within the window;
 * `jti` unused (stored until the window closes); `ath` matching the access token when there is one.
 * Returns the key's JWK SHA-256 thumbprint (RFC 7638), what tokens are bound to. Every failure is
 * 400 invalid_dpop_proof.
 */
export async function verifyDpopProof(
  auth: Pick<AuthContext, "db" | "now">,
  proof: string,
  request: DpopRequest,
): Promise<string> {
  if (proof.length === 0 || proof.length > 8192 || proof.includes(",")) throw refuse("Invalid DPoP proof");
  const jose = await import("jose");
  let header: ReturnType<typeof jose.decodeProtectedHeader>;
  try {
    header = jose.decodeProtectedHeader(proof);
  } catch {
    throw refuse("Invalid DPoP proof");
  }
  if (header.typ !== "dpop+jwt") throw refuse("The DPoP proof's typ is not dpop+jwt");
  if (typeof header.alg !== "string" || !(DPOP_ALGORITHMS as readonly string[]).includes(header.alg))
    throw refuse("The DPoP proof's alg is not allowed");
  const jwk = header.jwk as Record<string, unknown> | undefined;
  if (!jwk || typeof jwk !== "object" || Array.isArray(jwk)) throw refuse("The DPoP proof carries no jwk");
  if (PRIVATE_MEMBERS.some((m) => m in jwk)) throw refuse("The DPoP proof's jwk is not a public key");
  const now = auth.now();
  let payload: Record<string, unknown>;
  try {
    const key = await jose.importJWK(jwk as Parameters<typeof jose.importJWK>[0], header.alg);
    payload = (
      await jose.jwtVerify(proof, key, { typ: "dpop+jwt", algorithms: [header.alg], currentDate: new Date(now) })
    ).payload as Record<string, unknown>;
  } catch {
    throw refuse("The DPoP proof's signature does not verify");
  }
  const { htm, htu, iat, jti, ath } = payload;
  if (htm !== request.method.toUpperCase()) throw refuse("The DPoP proof is for another method");
  const expected = htuOf(request.url);
  if (typeof htu !== "string" || expected === null || htuOf(htu) !== expected)
    throw refuse("The DPoP proof is for another URL");
  if (typeof iat !== "number" || !Number.isFinite(iat)) throw refuse("The DPoP proof has no iat");
  if (iat * 1000 > now + SKEW_S * 1000 || iat * 1000 < now - WINDOW_S * 1000)
    throw refuse("The DPoP proof is not fresh");
  if (typeof jti !== "string" || jti.length === 0 || jti.length > 256) throw refuse("The DPoP proof has no jti");
  if (request.accessToken !== undefined && ath !== sha256Base64Url(request.accessToken))
    throw refuse("The DPoP proof is for another access token");
  const jkt = await jose.calculateJwkThumbprint(jwk as Parameters<typeof jose.calculateJwkThumbprint>[0], "sha256");
  // The insert is the claim: a replay (or two requests racing with one proof) collides on the row id.
  try {
    await auth.db.create({
      model: GRANT_MODELS.dpopJti,
      data: {
        id: sha256Base64Url(`${jkt}\u0000${jti}`).slice(0, 43),
        expiresAt: new Date(iat * 1000 + (WINDOW_S + SKEW_S) * 1000),
      },
    });
  } catch {
    throw refuse("The DPoP proof was already used");
  }
  return jkt;
}
