import { authorizationURL, fetchJson } from "../oauth2-client.js";
import type { OAuthProvider, ProviderConfig, ProviderEndpoints } from "../oauth-provider.js";
import { postTokenForm } from "../post-token-form.js";
import { sendRevocation } from "../send-revocation.js";

const ENDPOINTS = {
  authorization: "https://www.tiktok.com/v2/auth/authorize/",
  token: "https://open.tiktokapis.com/v2/oauth/token/",
  userInfo: "https://open.tiktokapis.com/v2/user/info/",
  revocation: "https://open.tiktokapis.com/v2/oauth/revoke/",
} satisfies ProviderEndpoints;
const USER_FIELDS = "open_id,union_id,avatar_url,display_name";

/** Display API v2: the user sits in data.user; `error.code` is "ok" on success. */
interface TikTokUserInfo {
  data?: { user?: { open_id: string; union_id?: string; avatar_url?: string; display_name?: string } };
  error?: { code?: string; message?: string };
}

/**
 * TikTok Login Kit for Web. TikTok names the client `client_key` (not client_id) in the authorization
 * URL and every token request, and takes scopes comma-separated; default scope `user.info.basic`. No
 * PKCE: the web flow authenticates with the client secret (TikTok's PKCE is for desktop and mobile
 * apps, with a hex-encoded challenge). The account id is the app-scoped `open_id`. TikTok never shares
 * an email, so the profile's email is null: sign-in needs a mapProfile that supplies one.
 */
export function tiktok(config: ProviderConfig): OAuthProvider {
  const endpoints = { ...ENDPOINTS, ...config.endpoints };
  const defaults = config.disableDefaultScope ? [] : ["user.info.basic"];
  const clientAuth = { client_key: config.clientId, client_secret: config.clientSecret };
  const http = { fetch: config.fetch };
  return {
    id: "tiktok",
    name: "TikTok",
    disableSignUp: config.disableSignUp,
    disableImplicitSignUp: config.disableImplicitSignUp,
    createAuthorizationURL: ({ state, redirectURI, scopes }) => {
      const url = authorizationURL(endpoints.authorization, {
        clientId: config.clientId,
        redirectURI: config.redirectURI ?? redirectURI,
        state,
        scopes: [...new Set([...defaults, ...(config.scope ?? []), ...(scopes ?? [])])],
        scopeSeparator: ",",
      });
      url.searchParams.delete("client_id");
      url.searchParams.set("client_key", config.clientId);
      return url;
    },
    validateAuthorizationCode: ({ code, redirectURI }) =>
      postTokenForm(
        endpoints.token,
        { ...clientAuth, code, grant_type: "authorization_code", redirect_uri: config.redirectURI ?? redirectURI },
        http,
      ),
    refreshAccessToken: (refreshToken) =>
      postTokenForm(endpoints.token, { ...clientAuth, grant_type: "refresh_token", refresh_token: refreshToken }, http),
    revokeToken: (token) =>
      sendRevocation(
        endpoints.revocation,
        { form: { client_key: config.clientId, client_secret: config.clientSecret ?? "", token } },
        config.fetch,
      ),
    async getUserInfo(tokens) {
      if (!tokens.accessToken) return null;
      const url = new URL(endpoints.userInfo);
      url.searchParams.set("fields", USER_FIELDS);
      const body = (await fetchJson(url.toString(), tokens.accessToken, http)) as TikTokUserInfo | null;
      const user = body?.data?.user;
      if (!user || typeof user.open_id !== "string" || (body?.error?.code && body.error.code !== "ok")) return null;
      const profile = {
        id: user.open_id,
        email: null,
        emailVerified: false,
        name: user.display_name ?? "",
        image: user.avatar_url ?? null,
      };
      return config.mapProfile ? config.mapProfile(profile, body) : profile;
    },
  };
}
