/** Tokens as a provider hands them out, normalised. */
export interface OAuthTokens {
  accessToken?: string;
  refreshToken?: string;
  idToken?: string;
  tokenType?: string;
  accessTokenExpiresAt?: Date;
  refreshTokenExpiresAt?: Date;
  scopes?: string[];
}

/** The user as a provider describes them, mapped to what Gatehouse needs. */
export interface ProviderProfile {
  /** The provider's stable user id (stored as account.accountId). */
  id: string;
  email: string | null;
  /** Whether the provider vouches that the user controls `email`. */
  emailVerified: boolean;
  name: string;
  image?: string | null;
}

/** Settings every provider accepts. */
export interface ProviderConfig {
  clientId: string;
  clientSecret?: string;
  /** Scopes added to the provider's defaults. */
  scope?: string[];
  /** Replace the default scopes instead of adding to them. */
  disableDefaultScope?: boolean;
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
  revokeToken?(token: string): Promise<void>;
  /** OIDC: checks an ID token's signature, issuer, audience, expiry and nonce. */
  verifyIdToken?(idToken: string, nonce?: string): Promise<boolean>;
}
