import type { JWTPayload } from "jose";
import { isTrue, readIdTokenClaims, stringClaim } from "../id-token-claims.js";
import { authorizationURL, exchangeAuthorizationCode, fetchJson, refreshAccessToken } from "../oauth2-client.js";
import type { OAuthProvider, ProviderConfig, ProviderProfile } from "../oauth-provider.js";
import { verifyIdToken } from "../verify-id-token.js";

const GRAPH_ME = "https://graph.microsoft.com/v1.0/me";
// The tenant personal Microsoft accounts (Outlook.com, Xbox, …) sign in through.
const CONSUMERS_TENANT = "9188040d-6c67-4c5b-b112-36a304b66dad";
const MULTI_TENANT = new Set(["common", "organizations", "consumers"]);

/** Microsoft Entra ID options on top of the common ones. */
export interface MicrosoftOptions extends ProviderConfig {
  /** `common` (default), `organizations`, `consumers`, or one tenant's id or domain. */
  tenantId?: string;
  /** The login host; default `https://login.microsoftonline.com` (national clouds and tests differ). */
  authority?: string;
  /** e.g. `select_account` or `consent`. */
  prompt?: string;
}

interface GraphUser {
  id: string;
  displayName?: string | null;
  mail?: string | null;
}

/**
 * Microsoft Entra ID (work, school and personal accounts), v2.0 endpoints. Scopes `openid profile
 * email offline_access User.Read`, PKCE S256. The profile comes from the ID token, Graph /me being the
 * fallback. Entra's `email` claim is editable by tenant admins and not verified, so it counts as
 * verified only when Entra says the domain owner verified it (`xms_edov`) — never blindly.
 */
export function microsoft(config: MicrosoftOptions): OAuthProvider {
  const tenant = config.tenantId ?? "common";
  const authority = (config.authority ?? "https://login.microsoftonline.com").replace(/\/+$/, "");
  const endpoints = {
    authorization: `${authority}/${tenant}/oauth2/v2.0/authorize`,
    token: `${authority}/${tenant}/oauth2/v2.0/token`,
    userInfo: GRAPH_ME,
    jwks: `${authority}/${tenant}/discovery/v2.0/keys`,
    ...config.endpoints,
  };
  const defaults = config.disableDefaultScope ? [] : ["openid", "profile", "email", "offline_access", "User.Read"];
  const client = { clientId: config.clientId, clientSecret: config.clientSecret, fetch: config.fetch };

  // Tokens from a multi-tenant authority carry the user's own tenant in `iss`, so there is no fixed
  // issuer: it must be this authority's issuer for the tenant the token names (`tid`), and that
  // tenant must be one this configuration admits.
  const issuerMatches = (iss: string, claims: JWTPayload) => {
    const tid = typeof claims.tid === "string" ? claims.tid : "";
    if (!tid || iss !== `${authority}/${tid}/v2.0`) return false;
    if (tenant === "consumers") return tid === CONSUMERS_TENANT;
    if (tenant === "organizations") return tid !== CONSUMERS_TENANT;
    if (MULTI_TENANT.has(tenant) || !/^[0-9a-f-]{36}$/i.test(tenant)) return true;
    return tid.toLowerCase() === tenant.toLowerCase();
  };

  function fromClaims(claims: Record<string, unknown>): ProviderProfile {
    const email = stringClaim(claims, "email") ?? null;
    const edov = claims.xms_edov;
    return {
      id: String(claims.sub),
      email,
      emailVerified: email !== null && (isTrue(edov) || edov === 1 || edov === "1"),
      name: stringClaim(claims, "name") ?? stringClaim(claims, "preferred_username") ?? "",
      image: null,
    };
  }

  return {
    id: "microsoft",
    name: "Microsoft",
    // Graph /me names the user by object id, not by the ID token's (pairwise) sub the account stores.
    accountInfoFromIdToken: true,
    disableSignUp: config.disableSignUp,
    disableImplicitSignUp: config.disableImplicitSignUp,
    createAuthorizationURL: ({ state, codeVerifier, redirectURI, scopes, loginHint, nonce }) =>
      authorizationURL(endpoints.authorization, {
        clientId: config.clientId,
        redirectURI: config.redirectURI ?? redirectURI,
        state,
        codeVerifier,
        scopes: [...new Set([...defaults, ...(config.scope ?? []), ...(scopes ?? [])])],
        loginHint,
        nonce,
        extra: { prompt: config.prompt, response_mode: "query" },
      }),
    validateAuthorizationCode: ({ code, codeVerifier, redirectURI }) =>
      exchangeAuthorizationCode(
        endpoints.token,
        { code, codeVerifier, redirectURI: config.redirectURI ?? redirectURI },
        client,
      ),
    refreshAccessToken: (refreshToken) => refreshAccessToken(endpoints.token, refreshToken, client),
    async verifyIdToken(idToken, nonce) {
      const claims = await verifyIdToken(idToken, {
        jwksUrl: endpoints.jwks,
        issuer: issuerMatches,
        audience: config.clientId,
        nonce,
        fetch: config.fetch,
      });
      return claims !== null;
    },
    async getUserInfo(tokens) {
      const claims = await readIdTokenClaims(tokens.idToken, config.clientId);
      let profile: ProviderProfile | null = null;
      let raw: unknown = claims;
      if (claims) profile = fromClaims(claims);
      else if (tokens.accessToken) {
        const me = (await fetchJson(endpoints.userInfo, tokens.accessToken, {
          fetch: config.fetch,
        })) as GraphUser | null;
        if (me?.id) {
          raw = me;
          profile = {
            id: me.id,
            email: me.mail ?? null,
            emailVerified: false,
            name: me.displayName ?? "",
            image: null,
          };
        }
      }
      if (!profile) return null;
      return config.mapProfile ? config.mapProfile(profile, raw) : profile;
    },
  };
}
