import { base64ToBytes, bytesToBase64Url, generateRandomString } from "../../crypto/index.js";
import type { OAuthTokens, ProviderConfig } from "../oauth-provider.js";
import { postForJson } from "../post-for-json.js";
import { postTokenForm } from "../post-token-form.js";
import { sendRevocation } from "../send-revocation.js";
import { type DefinedEndpoints, defineProvider } from "./define-provider.js";

const ENDPOINTS = {
  authorization: "https://id.vk.com/authorize",
  token: "https://id.vk.com/oauth2/auth",
  userInfo: "https://id.vk.com/oauth2/user_info",
  revocation: "https://id.vk.com/oauth2/revoke",
} satisfies DefinedEndpoints;

/** VK ID's interface languages for `lang_id` (SPEC.md §9's numeric language enum). */
export const VK_LANGUAGE = {
  RUS: 0,
  UKR: 1,
  ENG: 3,
  SPA: 4,
  GERMAN: 6,
  POL: 15,
  FRA: 16,
  TURKEY: 82,
} as const;

/** One of VK_LANGUAGE's values. */
export type VkLanguage = (typeof VK_LANGUAGE)[keyof typeof VK_LANGUAGE];

/** VK ID options on top of the common ones. */
export interface VkOptions extends ProviderConfig {
  /** Language of VK ID's consent screen, e.g. `VK_LANGUAGE.ENG`. */
  lang_id?: VkLanguage;
  /** Colour scheme of VK ID's consent screen. */
  scheme?: "light" | "dark";
}

/** VK ID's user_info answer. */
interface VkUserInfo {
  user?: {
    user_id: string | number;
    first_name?: string;
    last_name?: string;
    avatar?: string;
    email?: string;
  };
}

// VK ID binds a refresh token to the device_id of the sign-in, and Gatehouse has no other place to
// keep it: the stored refresh token is `vkid1.<base64url(device_id)>.<VK's refresh token>`.
const PACKED = "vkid1.";

function packRefreshToken(tokens: OAuthTokens, deviceId: string | undefined): OAuthTokens {
  if (!tokens.refreshToken || !deviceId) return tokens;
  const device = bytesToBase64Url(new TextEncoder().encode(deviceId));
  return { ...tokens, refreshToken: `${PACKED}${device}.${tokens.refreshToken}` };
}

function unpackRefreshToken(stored: string): { refreshToken: string; deviceId?: string } {
  if (!stored.startsWith(PACKED)) return { refreshToken: stored };
  const rest = stored.slice(PACKED.length);
  const dot = rest.indexOf(".");
  const device = dot < 0 ? null : base64ToBytes(rest.slice(0, dot));
  if (!device) return { refreshToken: stored };
  return { deviceId: new TextDecoder().decode(device), refreshToken: rest.slice(dot + 1) };
}

/**
 * VK ID (OAuth 2.1 at id.vk.com). Scopes `vkid.personal_info email`, PKCE S256 (mandatory at VK ID,
 * which authenticates the exchange by PKCE and client_id alone — the client secret is not sent). The
 * exchange and every refresh also need the `device_id` VK adds to its redirect, and a `state`. The
 * profile is POST /oauth2/user_info; VK does not say whether the email is verified, so it is not.
 */
export const vk = defineProvider<VkOptions>({
  id: "vk",
  name: "VK ID",
  endpoints: ENDPOINTS,
  defaultScopes: ["vkid.personal_info", "email"],
  pkce: true,
  clientAuthentication: "post",
  authorizationParams: (config) => ({
    lang_id: config.lang_id === undefined ? undefined : String(config.lang_id),
    scheme: config.scheme,
  }),
  /** `deviceId` is the `device_id` query parameter of VK's redirect to the callback. */
  async exchangeCode({ code, codeVerifier, redirectURI, deviceId }, { endpoints, config }) {
    const tokens = await postTokenForm(
      endpoints.token,
      {
        grant_type: "authorization_code",
        code,
        code_verifier: codeVerifier,
        client_id: config.clientId,
        device_id: deviceId,
        redirect_uri: redirectURI,
        // VK ID requires a state on the token request too; it only echoes it back.
        state: generateRandomString(32),
      },
      { fetch: config.fetch },
    );
    return packRefreshToken(tokens, deviceId);
  },
  async refresh(stored, { endpoints, config }) {
    const { refreshToken, deviceId } = unpackRefreshToken(stored);
    const tokens = await postTokenForm(
      endpoints.token,
      {
        grant_type: "refresh_token",
        refresh_token: refreshToken,
        client_id: config.clientId,
        device_id: deviceId,
        state: generateRandomString(32),
      },
      { fetch: config.fetch },
    );
    return packRefreshToken(tokens, deviceId);
  },
  revoke: (token, { endpoints, config }) =>
    sendRevocation(
      endpoints.revocation ?? ENDPOINTS.revocation,
      { form: { client_id: config.clientId, access_token: token } },
      config.fetch,
    ),
  // VK ID takes the access token in the form body, not an Authorization header.
  userInfo: async (tokens, { endpoints, config }) =>
    tokens.accessToken
      ? postForJson(endpoints.userInfo ?? ENDPOINTS.userInfo, {
          form: { client_id: config.clientId, access_token: tokens.accessToken },
          fetch: config.fetch,
        })
      : null,
  profile: ({ user }: VkUserInfo) =>
    !user || user.user_id === undefined || user.user_id === null
      ? null
      : {
          id: String(user.user_id),
          email: user.email || null,
          emailVerified: false,
          name: [user.first_name, user.last_name].filter(Boolean).join(" "),
          image: user.avatar || null,
        },
});
