import { authorizationURL, exchangeAuthorizationCode, fetchJson, refreshAccessToken } from "../oauth2-client.js";
import type { OAuthProvider, ProviderConfig, ProviderEndpoints } from "../oauth-provider.js";

const ENDPOINTS = {
  authorization: "https://huggingface.co/oauth/authorize",
  token: "https://huggingface.co/oauth/token",
  userInfo: "https://huggingface.co/oauth/userinfo",
} satisfies ProviderEndpoints;

/** The OIDC-style claims of Hugging Face's /oauth/userinfo. */
interface HuggingFaceUserInfo {
  sub: string;
  name?: string;
  preferred_username?: string;
  picture?: string;
  email?: string;
  email_verified?: boolean;
}

/**
 * Hugging Face ("Sign in with HF"). Scopes `openid profile email`, PKCE S256. The profile is the
 * OIDC-style /oauth/userinfo, whose `email_verified` is taken as given.
 */
export function huggingface(config: ProviderConfig): OAuthProvider {
  const endpoints = { ...ENDPOINTS, ...config.endpoints };
  const defaults = config.disableDefaultScope ? [] : ["openid", "profile", "email"];
  const client = { clientId: config.clientId, clientSecret: config.clientSecret, fetch: config.fetch };
  return {
    id: "huggingface",
    name: "Hugging Face",
    disableSignUp: config.disableSignUp,
    disableImplicitSignUp: config.disableImplicitSignUp,
    createAuthorizationURL: ({ state, codeVerifier, redirectURI, scopes }) =>
      authorizationURL(endpoints.authorization, {
        clientId: config.clientId,
        redirectURI: config.redirectURI ?? redirectURI,
        state,
        codeVerifier,
        scopes: [...new Set([...defaults, ...(config.scope ?? []), ...(scopes ?? [])])],
      }),
    validateAuthorizationCode: ({ code, codeVerifier, redirectURI }) =>
      exchangeAuthorizationCode(
        endpoints.token,
        { code, codeVerifier, redirectURI: config.redirectURI ?? redirectURI },
        client,
      ),
    refreshAccessToken: (refreshToken) => refreshAccessToken(endpoints.token, refreshToken, client),
    async getUserInfo(tokens) {
      if (!tokens.accessToken) return null;
      const info = (await fetchJson(endpoints.userInfo, tokens.accessToken, {
        fetch: config.fetch,
      })) as HuggingFaceUserInfo | null;
      if (!info || typeof info.sub !== "string") return null;
      const email = info.email || null;
      const profile = {
        id: info.sub,
        email,
        emailVerified: email !== null && info.email_verified === true,
        name: info.name || info.preferred_username || "",
        image: info.picture ?? null,
      };
      return config.mapProfile ? config.mapProfile(profile, info) : profile;
    },
  };
}
