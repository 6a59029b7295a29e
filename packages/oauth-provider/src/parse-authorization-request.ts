import type { AuthContext } from "@gatehouse-auth/core";
import { checkAskedScopes } from "./check-asked-scopes.js";
import { OAuthError } from "./oauth-error.js";
import type { ClientStore, OAuthClient } from "./oauth-client.js";
import type { ResolvedOAuthProviderOptions } from "./oauth-provider-options.js";
import { matchRedirectUri } from "./match-redirect-uri.js";

/** A checked authorization request (RFC 6749 §4.1.1, OIDC Core §3.1.2.1, RFC 7636, RFC 8707). */
export interface AuthorizationRequest {
  client: OAuthClient;
  redirectUri: string;
  state: string | null;
  scopes: string[];
  nonce: string | null;
  codeChallenge: string | null;
  resource: string | null;
  prompt: ReadonlySet<string>;
  maxAge: number | null;
  /** Passed to the login page (OIDC Core §3.1.2.1); never trusted for anything. */
  loginHint: string | null;
  /** Checked in the authorization decision (id-token-hint.ts). */
  idTokenHint: string | null;
  /** RFC 9449 §10: the DPoP key thumbprint the code is bound to; its redemption needs a proof by that key. */
  dpopJkt: string | null;
}

/** The client or redirect URI is unusable: answered on our own origin, never by a redirect to the URI. */
export class UntrustedRedirectError extends Error {}

/** The parameters an authorization request may carry; the consent page's signed query keeps exactly these. */
export const AUTHORIZATION_PARAMS = [
  "response_type",
  "client_id",
  "redirect_uri",
  "scope",
  "state",
  "nonce",
  "code_challenge",
  "code_challenge_method",
  "resource",
  "prompt",
  "max_age",
  "login_hint",
  "id_token_hint",
  "dpop_jkt",
] as const;

const PROMPTS = new Set(["none", "login", "consent", "select_account"]);
// RFC 7636 §4.2: BASE64URL(SHA256(verifier)) is 43 characters of the unreserved set.
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const MAX_STATE = 1024;
const MAX_NONCE = 512;
const MAX_LOGIN_HINT = 256;
const MAX_ID_TOKEN_HINT = 8192;
// RFC 7638 with SHA-256, base64url: 43 characters.
const JKT = /^[A-Za-z0-9_-]{43}$/;

/**
 * Finds the client and the redirect URI first: until both are known good, no error may travel to
 * the URI (UntrustedRedirectError). After that every refusal is an OAuthError the caller sends to the
 * registered redirect URI with `state` and `iss`.
 */
export async function resolveClientRedirect(
  auth: Pick<AuthContext, "db">,
  clients: ClientStore,
  query: Readonly<Record<string, string>>,
): Promise<{ client: OAuthClient; redirectUri: string }> {
  const client = query.client_id ? await clients.find(auth, query.client_id) : null;
  if (!client || client.disabled) throw new UntrustedRedirectError("unknown client");
  if (!client.grantTypes.includes("authorization_code")) throw new UntrustedRedirectError("client may not use codes");
  const requested = query.redirect_uri;
  // OIDC requires redirect_uri; a client with a single registered one may leave it out (RFC 6749 §3.1.2.3).
  if (requested === undefined) {
    if (client.redirectUris.length !== 1) throw new UntrustedRedirectError("redirect_uri required");
    return { client, redirectUri: client.redirectUris[0] as string };
  }
  if (!matchRedirectUri(client.redirectUris, requested)) throw new UntrustedRedirectError("unregistered redirect_uri");
  return { client, redirectUri: requested };
}

/** Checks every other parameter (the client and redirect URI are already known good). */
export function parseAuthorizationRequest(
  o: ResolvedOAuthProviderOptions,
  target: { client: OAuthClient; redirectUri: string },
  query: Readonly<Record<string, string>>,
): AuthorizationRequest {
  const { client } = target;
  if (query.response_type !== "code")
    throw new OAuthError("unsupported_response_type", "Only response_type=code is supported");
  if (query.request !== undefined || query.request_uri !== undefined)
    throw new OAuthError("invalid_request", "Request objects are not supported");
  const scopes = [...new Set((query.scope ?? "").split(" ").filter((s) => s !== ""))];
  if (scopes.length === 0) throw new OAuthError("invalid_scope", "scope is required");
  const unknown = scopes.find((s) => !o.scopes.has(s));
  if (unknown !== undefined) throw new OAuthError("invalid_scope", "A requested scope is not supported");
  checkAskedScopes(client, scopes);
  const state = query.state ?? null;
  if (state !== null && state.length > MAX_STATE) throw new OAuthError("invalid_request", "state is too long");
  const nonce = query.nonce ?? null;
  if (nonce !== null && nonce.length > MAX_NONCE) throw new OAuthError("invalid_request", "nonce is too long");

  // PKCE (RFC 7636, OAuth 2.1 §4.1.1): S256 only; required of public clients, honoured for all.
  const challenge = query.code_challenge ?? null;
  const method = query.code_challenge_method ?? null;
  if (challenge !== null || method !== null) {
    if (challenge === null || method === null)
      throw new OAuthError("invalid_request", "code_challenge and code_challenge_method go together");
    if (method !== "S256") throw new OAuthError("invalid_request", "code_challenge_method must be S256");
    if (!S256_CHALLENGE.test(challenge)) throw new OAuthError("invalid_request", "Malformed code_challenge");
  } else if (client.tokenEndpointAuthMethod === "none") {
    throw new OAuthError("invalid_request", "A public client must send a PKCE code_challenge");
  }

  const resource = query.resource ?? null;
  if (resource !== null && !o.resources.has(resource))
    throw new OAuthError("invalid_target", "The resource is not one this server issues tokens for");

  const prompt = new Set((query.prompt ?? "").split(" ").filter((p) => p !== ""));
  for (const p of prompt) if (!PROMPTS.has(p)) throw new OAuthError("invalid_request", "Unsupported prompt value");
  if (prompt.has("none") && prompt.size > 1)
    throw new OAuthError("invalid_request", "prompt=none cannot be combined with other values");

  let maxAge: number | null = null;
  if (query.max_age !== undefined) {
    if (!/^\d{1,9}$/.test(query.max_age)) throw new OAuthError("invalid_request", "max_age must be whole seconds");
    maxAge = Number(query.max_age);
  }

  const loginHint = query.login_hint ?? null;
  if (loginHint !== null && loginHint.length > MAX_LOGIN_HINT)
    throw new OAuthError("invalid_request", "login_hint is too long");
  const idTokenHint = query.id_token_hint ?? null;
  if (idTokenHint !== null && idTokenHint.length > MAX_ID_TOKEN_HINT)
    throw new OAuthError("invalid_request", "id_token_hint is too long");

  const dpopJkt = query.dpop_jkt ?? null;
  if (dpopJkt !== null && !JKT.test(dpopJkt))
    throw new OAuthError("invalid_request", "dpop_jkt must be a SHA-256 JWK thumbprint");

  // OIDC Core §11: offline_access only for clients that may refresh; otherwise it is ignored.
  const granted = client.grantTypes.includes("refresh_token") ? scopes : scopes.filter((s) => s !== "offline_access");
  return {
    ...target,
    state,
    scopes: granted,
    nonce,
    codeChallenge: challenge,
    resource,
    prompt,
    maxAge,
    loginHint,
    idTokenHint,
    dpopJkt,
  };
}
