import type { ProviderConfig } from "../oauth-provider.js";
import { postForJson } from "../post-for-json.js";
import { sendRevocation } from "../send-revocation.js";
import { type DefinedEndpoints, defineProvider } from "./define-provider.js";
import { providerEmail } from "./provider-email.js";

const ENDPOINTS = {
  authorization: "https://www.dropbox.com/oauth2/authorize",
  token: "https://api.dropboxapi.com/oauth2/token",
  // An RPC endpoint: POST, no arguments.
  userInfo: "https://api.dropboxapi.com/2/users/get_current_account",
  revocation: "https://api.dropboxapi.com/2/auth/token/revoke",
} satisfies DefinedEndpoints;

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
export const dropbox = defineProvider<DropboxOptions>({
  id: "dropbox",
  name: "Dropbox",
  endpoints: ENDPOINTS,
  defaultScopes: ["account_info.read"],
  pkce: true,
  clientAuthentication: "post",
  authorizationParams: (config) => ({ token_access_type: config.accessType ?? "offline" }),
  // Dropbox revokes the token that authenticates the call itself.
  revoke: (token, { endpoints, config }) =>
    sendRevocation(
      endpoints.revocation ?? ENDPOINTS.revocation,
      { headers: { authorization: `Bearer ${token}` } },
      config.fetch,
    ),
  userInfo: async (tokens, { endpoints, config }) =>
    tokens.accessToken
      ? postForJson(endpoints.userInfo ?? ENDPOINTS.userInfo, { accessToken: tokens.accessToken, fetch: config.fetch })
      : null,
  profile: (account: DropboxAccount) =>
    typeof account.account_id !== "string" || account.disabled
      ? null
      : {
          id: account.account_id,
          ...providerEmail(account.email, account.email_verified),
          name: account.name?.display_name || account.name?.familiar_name || "",
          image: account.profile_photo_url ?? null,
        },
});
