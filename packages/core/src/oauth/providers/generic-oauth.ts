import { AuthError } from "../../errors/auth-error.js";
import { CORE_ERRORS } from "../../errors/core-errors.js";
import { profileFromClaims, readIdTokenClaims } from "../id-token-claims.js";
import { authorizationURL, exchangeAuthorizationCode, fetchJson, refreshAccessToken } from "../oauth2-client.js";
import { OAuthError } from "../oauth-error.js";
import type { OAuthProvider, ProviderConfig, ProviderEndpoints } from "../oauth-provider.js";
import { revokeToken } from "../revoke-token.js";
import { verifyIdToken } from "../verify-id-token.js";

/** Options of a provider that is not built in: any OAuth 2.0 or OpenID Connect server. */
export interface GenericOAuthConfig extends ProviderConfig {
  /** The OIDC discovery document (`…/.well-known/openid-configuration`); fetched once, on first use. */
  discoveryUrl?: string;
  /**
   * `access_type` of the authorization request, for servers that follow Google's convention
   * (`offline` for a refresh token). Standard OIDC providers use the `offline_access` scope instead.
   */
  accessType?: "offline" | "online";
  /** Send an S256 PKCE challenge. Default true. */
  pkce?: boolean;
  /** How the client authenticates at the token endpoint. Default `post` (client_secret_post). */
  authentication?: "post" | "basic";
  /** The expected `iss` of ID tokens; default the discovery document's issuer. */
  issuer?: string;
  /** Display name; default the id. */
  name?: string;
}

type Endpoint = keyof ProviderEndpoints;
type Discovered = Partial<ProviderEndpoints> & { issuer?: string; issParameterSupported?: boolean };

const DISCOVERY_FIELDS: Record<Endpoint | "issuer", string> = {
  authorization: "authorization_endpoint",
  token: "token_endpoint",
  userInfo: "userinfo_endpoint",
  jwks: "jwks_uri",
  revocation: "revocation_endpoint",
  issuer: "issuer",
};

async function loadDiscovery(url: string, config: GenericOAuthConfig): Promise<Discovered> {
  const response = await (config.fetch ?? fetch)(url, { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`discovery document answered ${response.status}`);
  const doc = (await response.json()) as Record<string, unknown>;
  const found: Discovered = {};
  for (const [key, field] of Object.entries(DISCOVERY_FIELDS)) {
    const value = doc[field];
    if (typeof value === "string" && value) found[key as Endpoint | "issuer"] = value;
  }
  found.issParameterSupported = doc.authorization_response_iss_parameter_supported === true;
  if (!found.authorization || !found.token)
    throw new Error("discovery document names no authorization or token endpoint");
  // OIDC Discovery §4.3: a document claiming another issuer is not the one we were configured for.
  if (config.issuer && found.issuer && found.issuer !== config.issuer) {
    throw new Error(`discovery document is for issuer ${found.issuer}, not ${config.issuer}`);
  }
  return found;
}

/**
 * OIDC Core §11: an OpenID Provider ignores `offline_access` (issues no refresh token) unless the
 * request has `prompt=consent`, so asking for the scope without it silently yields none. An app's own
 * `prompt` (or `authorizationParams.prompt`) wins: it is set after this by applyProviderOptions.
 */
function offlineAccessPrompt(scopes: readonly string[], config: GenericOAuthConfig): string | undefined {
  if (!scopes.includes("offline_access")) return undefined;
  if (config.prompt || config.authorizationParams?.prompt) return undefined;
  return "consent";
}

/**
 * A provider for any other `socialProviders` id: an OIDC server found through `discoveryUrl`, or a
 * plain OAuth 2.0 server given by `endpoints` (explicit endpoints win over discovered ones). The
 * profile comes from the ID token's claims when there is one, else — or to fill in a missing email —
 * from the user-info endpoint.
 */
export function genericOAuth(id: string, config: GenericOAuthConfig): OAuthProvider {
  const explicit = config.endpoints ?? {};
  if (!config.discoveryUrl && !(explicit.authorization && explicit.token)) {
    throw new Error(
      `Gatehouse: socialProviders.${id} needs discoveryUrl, or endpoints.authorization and endpoints.token`,
    );
  }
  if (explicit.jwks && !config.discoveryUrl && !config.issuer) {
    // Every ID token is verified, `iss` included: without an issuer none could pass.
    throw new Error(`Gatehouse: socialProviders.${id} gives endpoints.jwks without issuer; ID tokens need both`);
  }
  if ((config as { scopes?: unknown }).scopes !== undefined) {
    // One scopes option, `scope`: a second one that replaced the defaults was too easy to mix up.
    throw new Error(
      `Gatehouse: socialProviders.${id}.scopes is not an option; use scope (added to the defaults) and disableDefaultScope: true to send only those`,
    );
  }
  // OIDC (discovery) providers get the standard scopes; a plain OAuth 2.0 server has no defaults.
  const defaults = config.disableDefaultScope || !config.discoveryUrl ? [] : ["openid", "email", "profile"];
  const client = {
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    authentication: config.authentication,
    fetch: config.fetch,
  };

  let discovery: Promise<Discovered> | undefined;
  function discover(): Promise<Discovered> {
    if (!config.discoveryUrl) return Promise.resolve({});
    // Only a success is cached: a provider that was briefly down is asked again next time.
    discovery ??= loadDiscovery(config.discoveryUrl, config).catch((cause: unknown) => {
      discovery = undefined;
      throw new OAuthError("invalid_code", `OIDC discovery of ${id} failed`, { cause });
    });
    return discovery;
  }
  async function endpoint(name: Endpoint): Promise<string | undefined> {
    return explicit[name] ?? (await discover())[name];
  }
  async function required(name: Endpoint): Promise<string> {
    const url = await endpoint(name);
    if (!url) throw new OAuthError("invalid_code", `${id} has no ${name} endpoint`);
    return url;
  }
  async function issuer(): Promise<string | undefined> {
    return config.issuer ?? (await discover()).issuer;
  }

  const provider: OAuthProvider = {
    id,
    name: config.name ?? id,
    disableSignUp: config.disableSignUp,
    disableImplicitSignUp: config.disableImplicitSignUp,
    // Without discovery or a userInfo endpoint the verified ID token is all there is to read.
    accountInfoFromIdToken: !config.discoveryUrl && !explicit.userInfo,
    async createAuthorizationURL({ state, codeVerifier, redirectURI, scopes, loginHint, nonce }) {
      // The provider is down or misconfigured, not us: a gateway error the app can tell apart from a bug.
      const url = await required("authorization").catch((cause: unknown) => {
        throw new AuthError(CORE_ERRORS.PROVIDER_DISCOVERY_FAILED, {
          message: `Could not load the OpenID configuration of provider ${id}`,
          details: { cause: cause instanceof Error ? cause.message : undefined },
        });
      });
      const requested = [...new Set([...defaults, ...(config.scope ?? []), ...(scopes ?? [])])];
      return authorizationURL(url, {
        clientId: config.clientId,
        redirectURI: config.redirectURI ?? redirectURI,
        state,
        codeVerifier: config.pkce === false ? undefined : codeVerifier,
        scopes: requested,
        loginHint,
        nonce,
        extra: { access_type: config.accessType, prompt: offlineAccessPrompt(requested, config) },
      });
    },
    async validateAuthorizationCode({ code, codeVerifier, redirectURI }) {
      return exchangeAuthorizationCode(
        await required("token"),
        {
          code,
          codeVerifier: config.pkce === false ? undefined : codeVerifier,
          redirectURI: config.redirectURI ?? redirectURI,
        },
        client,
      );
    },
    async refreshAccessToken(refreshToken) {
      return refreshAccessToken(await required("token"), refreshToken, client);
    },
    async getUserInfo(tokens) {
      let claims: Record<string, unknown> | null = await readIdTokenClaims(tokens.idToken, config.clientId);
      const userInfo = await endpoint("userInfo").catch(() => undefined);
      if (!claims?.email && userInfo && tokens.accessToken) {
        const fetched = (await fetchJson(userInfo, tokens.accessToken, { fetch: config.fetch })) as Record<
          string,
          unknown
        > | null;
        // OIDC Core §5.3.4: user info about another subject than the ID token's must not be used.
        if (fetched && (fetched.sub ?? fetched.id) !== undefined && (!claims || fetched.sub === claims.sub)) {
          claims = { ...fetched, ...claims, sub: String(fetched.sub ?? fetched.id) };
          if (!claims.email && fetched.email) claims.email = fetched.email;
        }
      }
      if (!claims) return null;
      const profile = profileFromClaims(claims);
      return config.mapProfile ? config.mapProfile(profile, claims) : profile;
    },
  };

  if (config.discoveryUrl || explicit.jwks) {
    provider.verifyIdToken = async (idToken, nonce) => {
      const [jwksUrl, iss] = await Promise.all([endpoint("jwks"), issuer()]).catch(() => [undefined, undefined]);
      // Without the issuer there is nothing to check `iss` against: refuse rather than accept any.
      if (!jwksUrl || !iss) return false;
      const payload = await verifyIdToken(idToken, {
        jwksUrl,
        issuer: iss,
        audience: config.clientId,
        nonce,
        fetch: config.fetch,
      });
      return payload !== null;
    };
  }
  if (config.discoveryUrl || explicit.revocation) {
    provider.revokesRefreshTokens = true;
    provider.revokeToken = async (token, hint) => {
      const url = await endpoint("revocation");
      if (url) await revokeToken(url, token, { ...client, tokenTypeHint: hint });
    };
  }
  provider.authorizationResponseIssuer = async () => {
    const iss = await issuer();
    if (!iss) return null;
    return { issuer: iss, required: (await discover()).issParameterSupported === true };
  };
  return provider;
}
