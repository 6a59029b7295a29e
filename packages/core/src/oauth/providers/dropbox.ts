import { authorizationURL, exchangeAuthorizationCode, refreshAccessToken } from "../oauth2-client.js";
import type { OAuthProvider, ProviderConfig, ProviderEndpoints } from "../oauth-provider.js";
import { postForJson } from "../post-for-json.js";
import { sendRevocation } from "../send-revocation.js";

const ENDPOINTS = {
  authorization: "https://www.dropbox.com/oauth2/authorize",
  token: "https://api.dropboxapi.com/oauth2/token",
  // An RPC endpoint: POST, no arguments.
  userInfo: "https://api.dropboxapi.com/2/users/get_current_account",
  revocation: "https://api.dropboxapi.com/2/auth/token/revoke",
} satisfies ProviderEndpoints;

/** Dropbox options on top of the common ones. */
export interface DropboxOptions extends ProviderConfig {
  /** `offline` (default) returns a refresh token; `online` only a short-lived access token. */
  accessType?: "offline" | "online" | "legacy";
}

interface DropboxAccount {
  account_id: string;
  name?: { display_name?: string; familiar_name?: string };
  email?: string;
  email_verified?: boolean;
  profile_photo_url?: string;
  disabled?: boolean;
}

/**
 * Dropbox. Scope `account_info.read`, PKCE S256, `token_access_type=offline` so a refresh token comes
 * back. The profile is the RPC endpoint users/get_current_account (POST), whose `email_verified` is
 * taken as given.
 */
export function dropbox(config: DropboxOptions): OAuthProvider {
  const endpoints = { ...ENDPOINTS, ...config.endpoints };
  const defaults = config.disableDefaultScope ? [] : ["account_info.read"];
  const client = { clientId: config.clientId, clientSecret: config.clientSecret, fetch: config.fetch };
  return {
    id: "dropbox",
    name: "Dropbox",
    disableSignUp: config.disableSignUp,
    disableImplicitSignUp: config.disableImplicitSignUp,
    createAuthorizationURL: ({ state, codeVerifier, redirectURI, scopes }) =>
      authorizationURL(endpoints.authorization, {
        clientId: config.clientId,
        redirectURI: config.redirectURI ?? redirectURI,
        state,
        codeVerifier,
        scopes: [...new Set([...defaults, ...(config.scope ?? []), ...(scopes ?? [])])],
        extra: { token_access_type: config.accessType ?? "offline" },
      }),
    validateAuthorizationCode: ({ code, codeVerifier, redirectURI }) =>
      exchangeAuthorizationCode(
        endpoints.token,
        { code, codeVerifier, redirectURI: config.redirectURI ?? redirectURI },
        client,
      ),
    refreshAccessToken: (refreshToken) => refreshAccessToken(endpoints.token, refreshToken, client),
    // Dropbox revokes the token that authenticates the call itself.
    revokeToken: (token) =>
      sendRevocation(endpoints.revocation, { headers: { authorization: `Bearer ${token}` } }, config.fetch),
    async getUserInfo(tokens) {
      if (!tokens.accessToken) return null;
      const account = (await postForJson(endpoints.userInfo, {
        accessToken: tokens.accessToken,
        fetch: config.fetch,
      })) as DropboxAccount | null;
      if (!account || typeof account.account_id !== "string" || account.disabled) return null;
      const email = account.email || null;
      const profile = {
        id: account.account_id,
        email,
        emailVerified: email !== null && account.email_verified === true,
        name: account.name?.display_name || account.name?.familiar_name || "",
        image: account.profile_photo_url ?? null,
      };
      return config.mapProfile ? config.mapProfile(profile, account) : profile;
    },
  };
}
