/** Tokens as a provider hands them out, normalised. */
export interface OAuthTokens {
  accessToken?: string;
  refreshToken?: string;
  idToken?: string;
  tokenType?: string;
  accessTokenExpiresAt?: Date;
  refreshTokenExpiresAt?: Date;
  scopes?: string[];
  /**
   * The user the token response names, for providers whose user-info call needs it (WeChat's
   * `openid`). Only the callback sees it: it is not stored with the account.
   */
  subject?: string;
}

/** The user as a provider describes them, mapped to what Gatehouse needs. */
export interface ProviderProfile {
  /** The provider's stable user id (stored as account.accountId). */
  id: string;
  email: string | null;
  /** Whether the provider vouches that the user controls `email`. */
  emailVerified: boolean;
  /**
   * True when the provider says the address is not verified (GitHub `verified: false`, OIDC
   * `email_verified: false`), as opposed to not saying at all. Listing a provider in
   * `trustedProviders` stands in for a verification it does not report, never against one it denies.
   */
  emailUnverified?: boolean;
  name: string;
  image?: string | null;
}

/** Settings every provider accepts. */
export interface ProviderConfig {
  clientId: string;
  clientSecret?: string;
  /**
   * The scopes option: added to the provider's default scopes (with `disableDefaultScope: true`, they
   * replace them). E.g. `["offline_access"]` for a refresh token from an OIDC provider.
   */
  scope?: string[];
  /** Send only `scope` (and the scopes a sign-in call asks for), not the provider's defaults. */
  disableDefaultScope?: boolean;
  /**
   * The authorization request's `prompt` (OIDC Core §3.1.2.1), e.g. `consent` — which OIDC Core §11
   * requires before an OpenID Provider issues a refresh token for `offline_access` — or `select_account`.
   */
  prompt?: string;
  /**
   * Further authorization request parameters, sent as given (e.g. `{ audience: "api" }`, `{ acr_values: "mfa" }`).
   * The parameters Gatehouse sets for security (state, nonce, PKCE, redirect_uri, client_id,
   * response_type, scope) cannot be replaced here: a startup error says so.
   */
  authorizationParams?: Record<string, string>;
  /**
   * `response_mode` of the authorization request (OAuth 2.0 Multiple Response Types): `query` or
   * `form_post` (the provider POSTs the result to the callback). Default: the provider's own.
   */
  responseMode?: "query" | "form_post";
  /**
   * Refuse ID tokens from native SDKs (`idToken` of sign-in/social and link-social) for this provider:
   * only the redirect flow signs in. For apps that never use a native SDK.
   */
  disableIdTokenSignIn?: boolean;
  /** Override the callback URL (default `<baseURL><basePath>/callback/<id>`). */
  redirectURI?: string;
  /** Never create a new user through this provider (existing users may still sign in). */
  disableSignUp?: boolean;
  /** Create new users only when the client asked for it (`requestSignUp: true`). */
  disableImplicitSignUp?: boolean;
  /** The fetch used for token and user-info calls: tests and proxies inject their own. */
  fetch?: typeof fetch;
  /** Replace the provider's endpoints (self-hosted instances, local fakes in tests). */
  endpoints?: Partial<ProviderEndpoints>;
  /** Change what the profile maps to, e.g. pick another name field. */
  mapProfile?: (profile: ProviderProfile, raw: unknown) => ProviderProfile;
}

export interface ProviderEndpoints {
  authorization: string;
  token: string;
  userInfo: string;
  /** OIDC providers: where the signing keys of ID tokens are published. */
  jwks?: string;
  revocation?: string;
}

/** One social provider: how to send the user there, and how to read what comes back. */
export interface OAuthProvider {
  id: string;
  name: string;
  /** `form_post` providers (Apple) POST the callback; Gatehouse turns it into a GET. */
  responseMode?: "query" | "form_post";
  disableSignUp?: boolean;
  disableImplicitSignUp?: boolean;
  /** Refuse ID tokens from native SDKs (sign-in/social and link-social `idToken`). */
  disableIdTokenSignIn?: boolean;
  /**
   * account-info reads the stored (verified) ID token instead of asking the provider: Apple has no
   * user-info endpoint, and Microsoft Graph names users by another id than the ID token's `sub`.
   */
  accountInfoFromIdToken?: boolean;
  /**
   * Builds the authorization URL. A provider that issues ID tokens must send `nonce`: the callback
   * refuses an ID token that does not carry it (OIDC Core §3.1.2.1, §3.1.3.7 step 11).
   */
  createAuthorizationURL(args: {
    state: string;
    codeVerifier: string;
    redirectURI: string;
    scopes?: string[];
    loginHint?: string;
    nonce?: string;
  }): URL | Promise<URL>;
  /** Exchanges an authorization code; throws OAuthError("invalid_code") when the provider refuses it. */
  validateAuthorizationCode(args: {
    code: string;
    codeVerifier: string;
    redirectURI: string;
    /** The callback's `device_id` query parameter, which VK ID binds its tokens to; absent elsewhere. */
    deviceId?: string;
  }): Promise<OAuthTokens>;
  /**
   * Reads the user; null when the provider gives no usable profile. `callback` is what the provider
   * sent back beside the code (Apple's one-time `user` JSON), absent for ID-token sign-in.
   */
  getUserInfo(tokens: OAuthTokens, callback?: { user?: string }): Promise<ProviderProfile | null>;
  refreshAccessToken?(refreshToken: string): Promise<OAuthTokens>;
  /** Revokes a token at the provider; the hint says which kind it is (RFC 7009 §2.1). */
  revokeToken?(token: string, hint?: "access_token" | "refresh_token"): Promise<void>;
  /** `revokeToken` takes refresh tokens too (an RFC 7009 endpoint), so unlinking revokes both. */
  revokesRefreshTokens?: boolean;
  /** OIDC: checks an ID token's signature, issuer, audience, azp, expiry, iat and nonce. */
  verifyIdToken?(idToken: string, nonce?: string): Promise<boolean>;
  /**
   * RFC 9207: the issuer an authorization response's `iss` parameter must equal, and whether the
   * provider always sends it (`authorization_response_iss_parameter_supported`). Null: not known.
   */
  authorizationResponseIssuer?(): Promise<{ issuer: string; required: boolean } | null>;
}
