import type { JWTPayload } from "jose";
import { readIdTokenClaims } from "../id-token-claims.js";
import { authorizationURL, exchangeAuthorizationCode, fetchJson, refreshAccessToken } from "../oauth2-client.js";
import type { OAuthProvider, OAuthTokens, ProviderConfig, ProviderProfile } from "../oauth-provider.js";
import { revokeToken } from "../revoke-token.js";
import { type IdTokenExpectations, verifyIdToken } from "../verify-id-token.js";

/** A provider's endpoints; a provider without a user-info endpoint (Apple) reads the ID token. */
export interface DefinedEndpoints {
  authorization: string;
  token: string;
  userInfo?: string;
  jwks?: string;
  revocation?: string;
}

/** How the client authenticates at the token endpoint (RFC 6749 §2.3.1). */
export type ClientAuthentication = "post" | "basic";

/** What a provider's hooks get: its configuration and everything the factory derived from it. */
export interface ProviderContext<C extends ProviderConfig = ProviderConfig> {
  config: C;
  /** The provider's endpoints with the configuration's `endpoints` applied over them. */
  endpoints: DefinedEndpoints;
  /** Client credentials as the token, refresh and revocation requests send them. */
  client: {
    clientId: string;
    clientSecret?: string;
    authentication: ClientAuthentication;
    fetch?: typeof fetch;
    headers?: Record<string, string>;
  };
  /** The client ids whose ID tokens are accepted (the configured one first). */
  audience: string[];
  /** Headers every call to the provider carries (e.g. Reddit's and GitHub's User-Agent). */
  headers: Record<string, string>;
  /**
   * The claims of the token response's ID token for this client, null without one. The flow verified
   * it already (exchangeCallbackCode, readIdTokenProfile, a refresh), see readIdTokenClaims.
   */
  idTokenClaims(tokens: OAuthTokens): Promise<JWTPayload | null>;
  /** GETs JSON with the access token as bearer and the provider's headers; null on any failure. */
  getJson(url: string, accessToken: string): Promise<unknown>;
}

/**
 * One provider as data: where it lives, what it asks for, how the client authenticates, and how to
 * read its profile. Hooks exist for the providers that really differ (Apple's ID-token-only profile,
 * GitHub's /user/emails, TikTok's client_key, VK's device_id, WeChat's appid/secret); everything else
 * — authorization URL, PKCE, scope merging, redirect URI override, code exchange, refresh, revocation,
 * ID token verification, mapProfile, sign-up flags — is the one flow here.
 */
export interface ProviderDefinition<C extends ProviderConfig = ProviderConfig> {
  id: string;
  name: string;
  /** The endpoints; a function when they depend on the configuration (self-hosted, tenants, regions). */
  endpoints: DefinedEndpoints | ((config: C) => DefinedEndpoints);
  defaultScopes: string[];
  /** How scopes are joined in the authorization URL; default a space (RFC 6749 §3.3). */
  scopeSeparator?: string;
  /** Send an S256 challenge and the verifier. */
  pkce: boolean;
  clientAuthentication: ClientAuthentication | ((config: C) => ClientAuthentication);
  /** The authorization URL's parameter that carries the login hint, if the provider takes one. */
  loginHintParam?: string;
  /** Send the flow's nonce; default: when the provider issues ID tokens. */
  nonce?: boolean;
  /** `form_post` providers (Apple) POST the callback. */
  responseMode?: "form_post";
  accountInfoFromIdToken?: boolean;
  /** Headers for every call to the provider. */
  headers?: (config: C) => Record<string, string>;
  /** Further authorization URL parameters (undefined values are left out). */
  authorizationParams?: (config: C) => Record<string, string | undefined>;
  /** Last say over the authorization URL, for providers that rename standard parameters. */
  rewriteAuthorizationURL?: (url: URL, ctx: ProviderContext<C>) => URL;
  /** An OIDC provider: its ID tokens are verified against `endpoints.jwks` and this issuer. */
  idToken?: {
    issuer: (config: C) => IdTokenExpectations["issuer"];
    /** Further audiences, e.g. the bundle id of a native app. */
    audience?: (config: C) => string[] | undefined;
    /** A check beyond the standard ones (e.g. Google's Workspace domain). */
    accept?: (claims: JWTPayload, config: C) => boolean;
    /**
     * Verifies tokens the standard check cannot (LINE signs web-login tokens with the channel secret);
     * returns the claims or null, and falls back to the standard check when it returns undefined.
     */
    verify?: (
      token: string,
      nonce: string | undefined,
      ctx: ProviderContext<C>,
    ) => Promise<JWTPayload | null | undefined>;
  };
  /** Replaces the standard code exchange (providers with their own parameters). */
  exchangeCode?: (
    args: { code: string; codeVerifier?: string; redirectURI: string; deviceId?: string },
    ctx: ProviderContext<C>,
  ) => Promise<OAuthTokens>;
  /** false: the provider issues no refresh tokens; a function replaces the standard refresh. */
  refresh?: false | ((refreshToken: string, ctx: ProviderContext<C>) => Promise<OAuthTokens>);
  /**
   * Revocation at `endpoints.revocation`: an RFC 7009 request (with this token_type_hint, if any), or
   * the provider's own request. Absent: the provider cannot revoke.
   */
  revoke?:
    | { tokenTypeHint?: "access_token" | "refresh_token" }
    | ((token: string, ctx: ProviderContext<C>) => Promise<void>);
  /**
   * Fetches what the profile is read from (handed to mapProfile as `raw`); null when there is nothing.
   * Default: GET `endpoints.userInfo` with the access token.
   */
  userInfo?: (tokens: OAuthTokens, ctx: ProviderContext<C>, callback?: { user?: string }) => Promise<unknown>;
  /** What mapProfile gets as `raw` when it is not all that userInfo fetched (GitHub: /user, not its emails). */
  mapProfileRaw?: (raw: never) => unknown;
  /** Reads the profile from what userInfo fetched; null when it is not a usable profile. */
  profile: (raw: never, ctx: ProviderContext<C>, callback?: { user?: string }) => ProviderProfile | null;
}

/** Builds the provider function (`github(config)`) from its definition. */
export function defineProvider<C extends ProviderConfig = ProviderConfig>(
  definition: ProviderDefinition<C>,
): (config: C) => OAuthProvider {
  return (config) => buildProvider(definition, config);
}

function buildProvider<C extends ProviderConfig>(def: ProviderDefinition<C>, config: C): OAuthProvider {
  const base = typeof def.endpoints === "function" ? def.endpoints(config) : def.endpoints;
  const endpoints: DefinedEndpoints = { ...base, ...config.endpoints };
  const headers = def.headers?.(config) ?? {};
  const authentication =
    typeof def.clientAuthentication === "function" ? def.clientAuthentication(config) : def.clientAuthentication;
  const audience = [config.clientId, ...(def.idToken?.audience?.(config) ?? [])];
  const hasHeaders = Object.keys(headers).length > 0;
  const ctx: ProviderContext<C> = {
    config,
    endpoints,
    audience,
    headers,
    client: {
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      authentication,
      fetch: config.fetch,
      ...(hasHeaders ? { headers } : {}),
    },
    idTokenClaims: (tokens) => readIdTokenClaims(tokens.idToken, audience),
    getJson: (url, accessToken) => fetchJson(url, accessToken, { fetch: config.fetch, headers }),
  };
  const defaults = config.disableDefaultScope ? [] : def.defaultScopes;
  const sendNonce = def.nonce ?? def.idToken !== undefined;
  const redirect = (given: string) => config.redirectURI ?? given;

  const provider: OAuthProvider = {
    id: def.id,
    name: def.name,
    disableSignUp: config.disableSignUp,
    disableImplicitSignUp: config.disableImplicitSignUp,
    createAuthorizationURL({ state, codeVerifier, redirectURI, scopes, loginHint, nonce }) {
      const extra: Record<string, string | undefined> = { ...def.authorizationParams?.(config) };
      if (def.responseMode) extra.response_mode = def.responseMode;
      if (config.prompt) extra.prompt = config.prompt;
      if (def.loginHintParam && loginHint) extra[def.loginHintParam] = loginHint;
      const url = authorizationURL(endpoints.authorization, {
        clientId: config.clientId,
        redirectURI: redirect(redirectURI),
        state,
        codeVerifier: def.pkce ? codeVerifier : undefined,
        scopes: [...new Set([...defaults, ...(config.scope ?? []), ...(scopes ?? [])])],
        scopeSeparator: def.scopeSeparator,
        nonce: sendNonce ? nonce : undefined,
        extra,
      });
      return def.rewriteAuthorizationURL ? def.rewriteAuthorizationURL(url, ctx) : url;
    },
    validateAuthorizationCode({ code, codeVerifier, redirectURI, deviceId }) {
      const args = { code, codeVerifier: def.pkce ? codeVerifier : undefined, redirectURI: redirect(redirectURI) };
      if (def.exchangeCode) return def.exchangeCode({ ...args, deviceId }, ctx);
      return exchangeAuthorizationCode(endpoints.token, args, ctx.client);
    },
    async getUserInfo(tokens, callback) {
      const raw = def.userInfo
        ? await def.userInfo(tokens, ctx, callback)
        : tokens.accessToken && endpoints.userInfo
          ? await ctx.getJson(endpoints.userInfo, tokens.accessToken)
          : null;
      if (!raw || typeof raw !== "object") return null;
      const profile = def.profile(raw as never, ctx, callback);
      if (!profile) return null;
      if (!config.mapProfile) return profile;
      return config.mapProfile(profile, def.mapProfileRaw ? def.mapProfileRaw(raw as never) : raw);
    },
  };
  if (def.responseMode) provider.responseMode = def.responseMode;
  if (def.accountInfoFromIdToken) provider.accountInfoFromIdToken = true;

  const { refresh, revoke, idToken } = def;
  if (refresh !== false) {
    provider.refreshAccessToken = refresh
      ? (refreshToken) => refresh(refreshToken, ctx)
      : (refreshToken) => refreshAccessToken(endpoints.token, refreshToken, ctx.client);
  }
  if (typeof revoke === "function") provider.revokeToken = (token) => revoke(token, ctx);
  else if (revoke && endpoints.revocation) {
    const url = endpoints.revocation;
    provider.revokeToken = (token) => revokeToken(url, token, { ...ctx.client, tokenTypeHint: revoke.tokenTypeHint });
  }
  if (idToken && endpoints.jwks) {
    const jwksUrl = endpoints.jwks;
    provider.verifyIdToken = async (token, nonce) => {
      const custom = idToken.verify ? await idToken.verify(token, nonce, ctx) : undefined;
      const claims =
        custom !== undefined
          ? custom
          : await verifyIdToken(token, {
              jwksUrl,
              issuer: idToken.issuer(config),
              audience: audience.length === 1 ? config.clientId : audience,
              nonce,
              fetch: config.fetch,
            });
      return claims !== null && (!idToken.accept || idToken.accept(claims, config));
    };
  }
  return provider;
}
