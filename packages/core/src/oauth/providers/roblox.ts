import type { ProviderConfig } from "../oauth-provider.js";
import { type DefinedEndpoints, defineProvider } from "./define-provider.js";

const ENDPOINTS = {
  authorization: "https://apis.roblox.com/oauth/v1/authorize",
  token: "https://apis.roblox.com/oauth/v1/token",
  userInfo: "https://apis.roblox.com/oauth/v1/userinfo",
  revocation: "https://apis.roblox.com/oauth/v1/token/revoke",
} satisfies DefinedEndpoints;

/** Roblox options on top of the common ones. */
export interface RobloxOptions extends ProviderConfig {
  /** `login`, `consent`, `select_account`, `none`, or several space-separated. */
  prompt?: string;
}

/** The OIDC-style claims of Roblox's /oauth/v1/userinfo (`profile` scope). */
interface RobloxUserInfo {
  sub: string;
  name?: string;
  nickname?: string;
  preferred_username?: string;
  picture?: string | null;
}

/**
 * Roblox (OAuth 2.0 with OIDC). Scopes `openid profile`, PKCE S256. The profile is the OIDC-style
 * /oauth/v1/userinfo. Roblox shares no email with apps, so the profile's email is null: sign-in needs a
 * mapProfile that supplies one.
 */
export const roblox = defineProvider<RobloxOptions>({
  id: "roblox",
  name: "Roblox",
  endpoints: ENDPOINTS,
  defaultScopes: ["openid", "profile"],
  pkce: true,
  clientAuthentication: "post",
  nonce: true,
  revoke: {},
  profile: (info: RobloxUserInfo) =>
    typeof info.sub !== "string"
      ? null
      : {
          id: info.sub,
          email: null,
          emailVerified: false,
          // `nickname` is the display name; `preferred_username` the unique username.
          name: info.nickname || info.name || info.preferred_username || "",
          image: info.picture || null,
        },
});
