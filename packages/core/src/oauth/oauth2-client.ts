import { OAuthError } from "./oauth-error.js";
import type { OAuthTokens } from "./oauth-provider.js";
import { codeChallengeS256 } from "./pkce.js";

/** An authorization URL with the standard parameters, PKCE (S256) included. */
export function authorizationURL(
  endpoint: string,
  params: {
    clientId: string;
    redirectURI: string;
    state: string;
    codeVerifier?: string;
    scopes?: string[];
    scopeSeparator?: string;
    loginHint?: string;
    nonce?: string;
    extra?: Record<string, string | undefined>;
  },
): URL {
  const url = new URL(endpoint);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", params.clientId);
  url.searchParams.set("redirect_uri", params.redirectURI);
  url.searchParams.set("state", params.state);
  if (params.scopes?.length) url.searchParams.set("scope", params.scopes.join(params.scopeSeparator ?? " "));
  if (params.codeVerifier) {
    url.searchParams.set("code_challenge", codeChallengeS256(params.codeVerifier));
    url.searchParams.set("code_challenge_method", "S256");
  }
  if (params.loginHint) url.searchParams.set("login_hint", params.loginHint);
  if (params.nonce) url.searchParams.set("nonce", params.nonce);
  for (const [k, v] of Object.entries(params.extra ?? {})) if (v !== undefined) url.searchParams.set(k, v);
  return url;
}

/** Reads a standard token response (RFC 6749 §5.1) into OAuthTokens; throws on an error response. */
export function parseTokenResponse(json: unknown, now = Date.now()): OAuthTokens {
  if (!json || typeof json !== "object") throw new OAuthError("invalid_code", "token endpoint answered no JSON object");
  const t = json as Record<string, unknown>;
  if (typeof t.error === "string") {
    const description = typeof t.error_description === "string" ? t.error_description.slice(0, 300) : undefined;
    // RFC 6749 §5.2: a refused client is a configuration fault of the app (wrong secret or auth
    // method), everything else (invalid_grant: expired, used, PKCE or redirect_uri mismatch) a bad code.
    const code = t.error === "invalid_client" || t.error === "unauthorized_client" ? "invalid_client" : "invalid_code";
    throw new OAuthError(code, `token endpoint answered ${t.error}`, {
      providerError: { error: t.error.slice(0, 100), description },
    });
  }
  if (typeof t.access_token !== "string" && typeof t.id_token !== "string") {
    throw new OAuthError("invalid_code", "token response has no access_token");
  }
  const seconds = (v: unknown) =>
    typeof v === "number" ? v : typeof v === "string" && /^\d+$/.test(v) ? Number(v) : null;
  const expiresIn = seconds(t.expires_in);
  const refreshExpiresIn = seconds(t.refresh_token_expires_in);
  return {
    accessToken: typeof t.access_token === "string" ? t.access_token : undefined,
    refreshToken: typeof t.refresh_token === "string" ? t.refresh_token : undefined,
    idToken: typeof t.id_token === "string" ? t.id_token : undefined,
    tokenType: typeof t.token_type === "string" ? t.token_type : undefined,
    accessTokenExpiresAt: expiresIn !== null ? new Date(now + expiresIn * 1000) : undefined,
    refreshTokenExpiresAt: refreshExpiresIn !== null ? new Date(now + refreshExpiresIn * 1000) : undefined,
    scopes: typeof t.scope === "string" ? t.scope.split(/[ ,]+/).filter(Boolean) : undefined,
  };
}

/**
 * POSTs a form to a token endpoint. Client credentials go in the body by default (what most providers
 * accept); `basic` sends them as HTTP Basic auth instead (RFC 6749 §2.3.1).
 */
export async function postTokenRequest(
  endpoint: string,
  form: Record<string, string | undefined>,
  options: {
    clientId: string;
    clientSecret?: string;
    authentication?: "post" | "basic";
    fetch?: typeof fetch;
    headers?: Record<string, string>;
  },
): Promise<OAuthTokens> {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) if (v !== undefined) body.set(k, v);
  const headers: Record<string, string> = {
    "content-type": "application/x-www-form-urlencoded",
    accept: "application/json",
    ...options.headers,
  };
  if (options.authentication === "basic") {
    headers.authorization = `Basic ${btoa(`${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret ?? "")}`)}`;
  } else {
    body.set("client_id", options.clientId);
    if (options.clientSecret) body.set("client_secret", options.clientSecret);
  }
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(endpoint, { method: "POST", headers, body });
  } catch (cause) {
    throw new OAuthError("invalid_code", "token endpoint unreachable", { cause });
  }
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok && !(json && typeof json === "object" && "error" in json)) {
    throw new OAuthError("invalid_code", `token endpoint answered ${response.status}`);
  }
  return parseTokenResponse(json);
}

/** Exchanges an authorization code (with its PKCE verifier) for tokens. */
export function exchangeAuthorizationCode(
  endpoint: string,
  args: { code: string; codeVerifier?: string; redirectURI: string },
  options: Parameters<typeof postTokenRequest>[2],
): Promise<OAuthTokens> {
  return postTokenRequest(
    endpoint,
    {
      grant_type: "authorization_code",
      code: args.code,
      redirect_uri: args.redirectURI,
      code_verifier: args.codeVerifier,
    },
    options,
  );
}

/** Uses a refresh token. */
export function refreshAccessToken(
  endpoint: string,
  refreshToken: string,
  options: Parameters<typeof postTokenRequest>[2],
): Promise<OAuthTokens> {
  return postTokenRequest(endpoint, { grant_type: "refresh_token", refresh_token: refreshToken }, options);
}

/** GETs a JSON resource with a bearer token; null on any failure (the caller names the error). */
export async function fetchJson(
  url: string,
  accessToken: string,
  options: { fetch?: typeof fetch; headers?: Record<string, string> } = {},
): Promise<unknown> {
  try {
    const response = await (options.fetch ?? fetch)(url, {
      headers: { authorization: `Bearer ${accessToken}`, accept: "application/json", ...options.headers },
    });
    if (!response.ok) return null;
    return await response.json();
  } catch {
    return null;
  }
}
