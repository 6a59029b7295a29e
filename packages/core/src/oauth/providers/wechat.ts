import { OAuthError } from "../oauth-error.js";
import type { OAuthTokens, ProviderConfig } from "../oauth-provider.js";
import { type DefinedEndpoints, defineProvider } from "./define-provider.js";

const ENDPOINTS = {
  // The website QR-code login; apps inside WeChat's browser use open.weixin.qq.com/connect/oauth2/authorize.
  authorization: "https://open.weixin.qq.com/connect/qrconnect",
  token: "https://api.weixin.qq.com/sns/oauth2/access_token",
  userInfo: "https://api.weixin.qq.com/sns/userinfo",
} satisfies DefinedEndpoints;

/** WeChat options on top of the common ones. */
export interface WeChatOptions extends ProviderConfig {
  /** Language of the profile's place names: `zh_CN` (default at WeChat), `zh_TW` or `en`. */
  lang?: "zh_CN" | "zh_TW" | "en";
}

/** WeChat's sns/userinfo. */
interface WeChatUser {
  openid: string;
  unionid?: string;
  nickname?: string;
  headimgurl?: string;
}

/**
 * WeChat answers HTTP 200 for everything, errors as `{errcode, errmsg}`; a token answer also names
 * the user (`openid`, app-scoped, and `unionid` when the app belongs to an Open Platform account).
 */
async function getWeChatTokens(url: URL, fetcher: typeof fetch = fetch): Promise<OAuthTokens> {
  let json: Record<string, unknown> | null;
  try {
    const response = await fetcher(url, { headers: { accept: "application/json" } });
    json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  } catch (cause) {
    throw new OAuthError("invalid_code", "token endpoint unreachable", { cause });
  }
  if (!json || typeof json.access_token !== "string" || typeof json.openid !== "string") {
    const errcode = json && (typeof json.errcode === "number" || typeof json.errcode === "string") ? json.errcode : "?";
    throw new OAuthError("invalid_code", `token endpoint answered errcode ${String(errcode).slice(0, 20)}`);
  }
  const expiresIn = typeof json.expires_in === "number" ? json.expires_in : null;
  return {
    accessToken: json.access_token,
    refreshToken: typeof json.refresh_token === "string" ? json.refresh_token : undefined,
    accessTokenExpiresAt: expiresIn !== null ? new Date(Date.now() + expiresIn * 1000) : undefined,
    scopes: typeof json.scope === "string" ? json.scope.split(",").filter(Boolean) : undefined,
    subject: json.openid,
  };
}

/**
 * WeChat website login (Open Platform). WeChat does not follow OAuth 2.0 to the letter: the client is
 * `appid` and its secret `secret`, both in the query string of a GET token request; the authorization
 * URL ends in `#wechat_redirect`; scope `snsapi_login`; no PKCE. The token answer names the user
 * (`openid`), which sns/userinfo needs; the account id is the `unionid` when WeChat gives one (the same
 * person across the developer's apps), else the app-scoped `openid`. WeChat shares no email: sign-in
 * needs a mapProfile that supplies one. The openid is not stored, so account-info cannot re-read a
 * WeChat profile later; refresh keeps working.
 */
export const wechat = defineProvider<WeChatOptions>({
  id: "wechat",
  name: "WeChat",
  endpoints: ENDPOINTS,
  defaultScopes: ["snsapi_login"],
  scopeSeparator: ",",
  pkce: false,
  clientAuthentication: "post",
  rewriteAuthorizationURL(url, { config }) {
    url.searchParams.delete("client_id");
    url.searchParams.set("appid", config.clientId);
    url.hash = "wechat_redirect";
    return url;
  },
  exchangeCode({ code }, { endpoints, config }) {
    const url = new URL(endpoints.token);
    url.searchParams.set("appid", config.clientId);
    url.searchParams.set("secret", config.clientSecret ?? "");
    url.searchParams.set("code", code);
    url.searchParams.set("grant_type", "authorization_code");
    return getWeChatTokens(url, config.fetch);
  },
  refresh(refreshToken, { endpoints, config }) {
    // sns/oauth2/refresh_token sits beside sns/oauth2/access_token.
    const url = new URL(endpoints.token.replace(/access_token$/, "refresh_token"));
    url.searchParams.set("appid", config.clientId);
    url.searchParams.set("grant_type", "refresh_token");
    url.searchParams.set("refresh_token", refreshToken);
    return getWeChatTokens(url, config.fetch);
  },
  async userInfo(tokens, { endpoints, config }) {
    if (!tokens.accessToken || !tokens.subject) return null;
    const url = new URL(endpoints.userInfo ?? ENDPOINTS.userInfo);
    // The token goes in the query: sns/userinfo takes no Authorization header.
    url.searchParams.set("access_token", tokens.accessToken);
    url.searchParams.set("openid", tokens.subject);
    if (config.lang) url.searchParams.set("lang", config.lang);
    try {
      const response = await (config.fetch ?? fetch)(url, { headers: { accept: "application/json" } });
      const user = (await response.json()) as WeChatUser & { errcode?: number };
      // The profile must be of the user the token response named.
      return user.openid === tokens.subject ? user : null;
    } catch {
      return null;
    }
  },
  profile: (user: WeChatUser) => ({
    id: user.unionid || user.openid,
    email: null,
    emailVerified: false,
    name: user.nickname ?? "",
    image: user.headimgurl || null,
  }),
});
