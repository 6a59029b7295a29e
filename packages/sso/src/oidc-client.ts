import type { JWTPayload, JWTVerifyGetKey } from "jose";
import * as oauth from "oauth4webapi";
import { type OidcFetchLimits, idpFetch, isFetchableIdpUrl, isLoopbackHttp } from "./oidc-fetch.js";
import type { OidcConfig } from "./sso-types.js";

// Signature algorithms an OpenID Provider may sign ID tokens with: never "none", never HMAC.
const ALGORITHMS = [
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
  "Ed25519",
];
const CLOCK_TOLERANCE_S = 30;
// Key sets of the providers in use, oldest dropped first past this many.
const MAX_KEY_SETS = 500;
const keySets = new Map<string, JWTVerifyGetKey>();

/** Why an OIDC step failed: the code ends up in the redirect (`error=<code>`) and the audit log. */
export class OidcRefusal extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

const refuse = (code: string): never => {
  throw new OidcRefusal(code);
};

/** oauth4webapi's request options: our fetch, and plain http only towards a loopback IdP. */
function requestOptions(limits: OidcFetchLimits, url: string) {
  return {
    [oauth.customFetch]: idpFetch(limits),
    ...(isLoopbackHttp(url) ? { [oauth.allowInsecureRequests]: true } : {}),
  };
}

/**
 * OpenID Connect Discovery: the issuer's document (from `discoveryUrl`, else the issuer's well-known
 * location), whose `issuer` must equal the one registered (Discovery §4.3), and whose endpoints must all
 * be URLs the SP may fetch. Throws an OidcRefusal when anything is off.
 */
export async function discoverProvider(
  limits: OidcFetchLimits,
  input: {
    issuer: string;
    discoveryUrl?: string | undefined;
    clientId: string;
    scopes: readonly string[];
    tokenAuth: OidcConfig["tokenAuth"];
  },
): Promise<OidcConfig> {
  if (!isFetchableIdpUrl(input.issuer, limits)) refuse("invalid_issuer");
  if (input.discoveryUrl !== undefined && !isFetchableIdpUrl(input.discoveryUrl, limits))
    refuse("invalid_discovery_url");
  const issuer = new URL(input.issuer);
  let as: oauth.AuthorizationServer;
  try {
    const response = input.discoveryUrl
      ? await idpFetch(limits)(input.discoveryUrl, { headers: { accept: "application/json" } })
      : await oauth.discoveryRequest(issuer, { algorithm: "oidc", ...requestOptions(limits, input.issuer) });
    as = await oauth.processDiscoveryResponse(issuer, response);
  } catch {
    return refuse("discovery_failed");
  }
  const { authorization_endpoint, token_endpoint, jwks_uri, userinfo_endpoint } = as;
  // The browser goes to the authorization endpoint; the server fetches the others.
  if (typeof authorization_endpoint !== "string" || !/^https?:$/.test(new URL(authorization_endpoint).protocol))
    refuse("discovery_failed");
  if (![token_endpoint, jwks_uri].every((u) => isFetchableIdpUrl(u, limits))) refuse("discovery_failed");
  if (userinfo_endpoint !== undefined && !isFetchableIdpUrl(userinfo_endpoint, limits)) refuse("discovery_failed");
  // The asymmetric algorithms the provider says it signs ID tokens with (OIDC Discovery's default RS256).
  const idTokenAlgorithms = (as.id_token_signing_alg_values_supported ?? ["RS256"]).filter((a) =>
    ALGORITHMS.includes(a),
  );
  if (idTokenAlgorithms.length === 0) refuse("discovery_failed");
  if (as.code_challenge_methods_supported && !as.code_challenge_methods_supported.includes("S256"))
    refuse("pkce_not_supported");
  // private_key_jwt with an ES256 assertion, when the provider lists what it takes (RFC 8414 §2).
  if (input.tokenAuth === "private_key_jwt") {
    const methods = as.token_endpoint_auth_methods_supported;
    const algs = as.token_endpoint_auth_signing_alg_values_supported;
    if ((methods && !methods.includes("private_key_jwt")) || (algs && !algs.includes("ES256")))
      refuse("discovery_failed");
  }
  return {
    clientId: input.clientId,
    issuer: as.issuer,
    authorizationEndpoint: authorization_endpoint as string,
    tokenEndpoint: token_endpoint as string,
    jwksEndpoint: jwks_uri as string,
    userinfoEndpoint: userinfo_endpoint ?? null,
    issParameterSupported: as.authorization_response_iss_parameter_supported === true,
    idTokenAlgorithms,
    scopes: [...new Set(["openid", "email", "profile", ...input.scopes])],
    tokenAuth: input.tokenAuth,
    pkce: true,
  };
}

/** The metadata oauth4webapi checks responses against, rebuilt from the stored (discovered) settings. */
function serverOf(config: OidcConfig): oauth.AuthorizationServer {
  return {
    issuer: config.issuer,
    authorization_endpoint: config.authorizationEndpoint,
    token_endpoint: config.tokenEndpoint,
    jwks_uri: config.jwksEndpoint,
    ...(config.userinfoEndpoint ? { userinfo_endpoint: config.userinfoEndpoint } : {}),
    authorization_response_iss_parameter_supported: config.issParameterSupported,
    id_token_signing_alg_values_supported: [...config.idTokenAlgorithms],
  };
}

/** What the browser's pending flow remembers (server-side, bound to its cookie). */
export interface OidcPending {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** A fresh state, nonce and PKCE verifier, and the authorization URL that carries them. */
export async function authorizationUrl(
  config: OidcConfig,
  redirectUri: string,
  loginHint?: string,
): Promise<{ url: string; pending: OidcPending }> {
  const pending = {
    state: oauth.generateRandomState(),
    nonce: oauth.generateRandomNonce(),
    codeVerifier: oauth.generateRandomCodeVerifier(),
  };
  const url = new URL(config.authorizationEndpoint);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", config.clientId);
  url.searchParams.set("redirect_uri", redirectUri);
  url.searchParams.set("scope", config.scopes.join(" "));
  url.searchParams.set("state", pending.state);
  url.searchParams.set("nonce", pending.nonce);
  url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(pending.codeVerifier));
  url.searchParams.set("code_challenge_method", "S256");
  if (loginHint) url.searchParams.set("login_hint", loginHint);
  return { url: url.href, pending };
}

/** The ID token's claims, with the user-info answer's filling in a missing email. */
export type OidcClaims = JWTPayload & { sub: string; email?: unknown; email_verified?: unknown };

/**
 * The callback: the authorization response checked (state, `iss` per RFC 9207, no `error`), the code
 * exchanged with the PKCE verifier, the ID token checked by oauth4webapi (iss, aud, azp, exp, iat,
 * nonce) and its signature by jose against the issuer's JWKS; user info only for the same `sub`.
 */
export async function completeCallback(
  limits: OidcFetchLimits,
  config: OidcConfig,
  /** The client secret, or the private_key_jwt signing key (with its kid). */
  credential: string | { key: CryptoKey; kid: string },
  callbackUrl: URL,
  redirectUri: string,
  pending: OidcPending,
): Promise<OidcClaims> {
  const as = serverOf(config);
  const client: oauth.Client = { client_id: config.clientId };
  const options = requestOptions(limits, config.tokenEndpoint);
  let params: URLSearchParams;
  try {
    params = oauth.validateAuthResponse(as, client, callbackUrl, pending.state);
  } catch (error) {
    if (error instanceof oauth.AuthorizationResponseError) return refuse("access_denied");
    const message = (error as Error).message ?? "";
    return refuse(
      /"iss"/.test(message) ? "invalid_issuer" : /"state"/.test(message) ? "invalid_state" : "invalid_response",
    );
  }
  // RFC 7523 §2.2: a JWT signed with the connection's key (iss = sub = client id, aud = the issuer,
  // a jti and a short exp, made by oauth4webapi) instead of a shared secret.
  const auth =
    typeof credential !== "string"
      ? oauth.PrivateKeyJwt(credential)
      : config.tokenAuth === "client_secret_post"
        ? oauth.ClientSecretPost(credential)
        : oauth.ClientSecretBasic(credential);
  let tokens: oauth.TokenEndpointResponse;
  try {
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      auth,
      params,
      redirectUri,
      pending.codeVerifier,
      options,
    );
    tokens = await oauth.processAuthorizationCodeResponse(as, client, response, {
      expectedNonce: pending.nonce,
      requireIdToken: true,
    });
  } catch (error) {
    // The token endpoint's refusal: a spent or foreign code, or our client credentials (a rotated secret).
    if (error instanceof oauth.WWWAuthenticateChallengeError) return refuse("invalid_client");
    if (error instanceof oauth.ResponseBodyError)
      return refuse(error.error === "invalid_client" ? "invalid_client" : "invalid_grant");
    const message = (error as Error).message ?? "";
    if (/"nonce"/.test(message)) return refuse("invalid_nonce");
    if (/"aud"|"azp"/.test(message)) return refuse("invalid_audience");
    if (/"iss"/.test(message)) return refuse("invalid_issuer");
    return refuse("invalid_id_token");
  }
  const claims = await verifySignature(limits, config, tokens.id_token as string);
  if (!claims || claims.nonce !== pending.nonce) return refuse("invalid_id_token");
  if (typeof claims.email !== "string" && config.userinfoEndpoint && tokens.access_token) {
    try {
      const info = await oauth.processUserInfoResponse(
        as,
        client,
        claims.sub,
        await oauth.userInfoRequest(as, client, tokens.access_token, requestOptions(limits, config.userinfoEndpoint)),
      );
      return { ...info, ...claims, email: info.email, email_verified: info.email_verified };
    } catch {
      return refuse("userinfo_failed");
    }
  }
  return claims;
}

/** The ID token's signature against the issuer's published keys (and iss/aud/exp once more); null when bad. */
async function verifySignature(
  limits: OidcFetchLimits,
  config: OidcConfig,
  idToken: string,
): Promise<OidcClaims | null> {
  const jose = await import("jose");
  try {
    // One key set per JWKS URL (and fetch rules): jose caches the keys and refetches on an unknown kid.
    const cacheKey = `${config.jwksEndpoint} ${limits.loopbackOrigins.join(",")} ${limits.timeoutMs} ${limits.maxResponseBytes}`;
    let keys = keySets.get(cacheKey);
    if (!keys) {
      keys = jose.createRemoteJWKSet(new URL(config.jwksEndpoint), {
        [jose.customFetch]: idpFetch(limits),
        timeoutDuration: limits.timeoutMs,
      });
      if (keySets.size >= MAX_KEY_SETS) keySets.delete(keySets.keys().next().value as string);
      keySets.set(cacheKey, keys);
    }
    const { payload } = await jose.jwtVerify(idToken, keys, {
      issuer: config.issuer,
      audience: config.clientId,
      algorithms: config.idTokenAlgorithms.filter((a) => ALGORITHMS.includes(a)),
      clockTolerance: CLOCK_TOLERANCE_S,
      requiredClaims: ["iss", "sub", "aud", "exp", "iat"],
    });
    return typeof payload.sub === "string" ? (payload as OidcClaims) : null;
  } catch {
    return null;
  }
}
