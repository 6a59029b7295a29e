import { postTokenForm } from "../post-token-form.js";
import { sendRevocation } from "../send-revocation.js";
import { type DefinedEndpoints, defineProvider } from "./define-provider.js";

const ENDPOINTS = {
  authorization: "https://www.tiktok.com/v2/auth/authorize/",
  token: "https://open.tiktokapis.com/v2/oauth/token/",
  userInfo: "https://open.tiktokapis.com/v2/user/info/",
  revocation: "https://open.tiktokapis.com/v2/oauth/revoke/",
} satisfies DefinedEndpoints;
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
export const tiktok = defineProvider({
  id: "tiktok",
  name: "TikTok",
  endpoints: ENDPOINTS,
  defaultScopes: ["user.info.basic"],
  scopeSeparator: ",",
  pkce: false,
  clientAuthentication: "post",
  rewriteAuthorizationURL(url, { config }) {
    url.searchParams.delete("client_id");
    url.searchParams.set("client_key", config.clientId);
    return url;
  },
  exchangeCode: ({ code, redirectURI }, { endpoints, config }) =>
    postTokenForm(
      endpoints.token,
      {
        client_key: config.clientId,
        client_secret: config.clientSecret,
        code,
        grant_type: "authorization_code",
        redirect_uri: redirectURI,
      },
      { fetch: config.fetch },
    ),
  refresh: (refreshToken, { endpoints, config }) =>
    postTokenForm(
      endpoints.token,
      {
        client_key: config.clientId,
        client_secret: config.clientSecret,
        grant_type: "refresh_token",
        refresh_token: refreshToken,
      },
      { fetch: config.fetch },
    ),
  revoke: (token, { endpoints, config }) =>
    sendRevocation(
      endpoints.revocation ?? ENDPOINTS.revocation,
      { form: { client_key: config.clientId, client_secret: config.clientSecret ?? "", token } },
      config.fetch,
    ),
  userInfo(tokens, { endpoints, getJson }) {
    if (!tokens.accessToken) return Promise.resolve(null);
    const url = new URL(endpoints.userInfo ?? ENDPOINTS.userInfo);
    url.searchParams.set("fields", USER_FIELDS);
    return getJson(url.toString(), tokens.accessToken);
  },
  profile: (body: TikTokUserInfo) => {
    const user = body.data?.user;
    if (!user || typeof user.open_id !== "string" || (body.error?.code && body.error.code !== "ok")) return null;
    return {
      id: user.open_id,
      email: null,
      emailVerified: false,
      name: user.display_name ?? "",
      image: user.avatar_url ?? null,
    };
  },
});
