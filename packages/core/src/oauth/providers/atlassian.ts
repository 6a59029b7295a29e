import { type DefinedEndpoints, defineProvider } from "./define-provider.js";
import { providerEmail } from "./provider-email.js";

const ENDPOINTS = {
  authorization: "https://auth.atlassian.com/authorize",
  token: "https://auth.atlassian.com/oauth/token",
  userInfo: "https://api.atlassian.com/me",
} satisfies DefinedEndpoints;

/** Atlassian's /me (the `read:me` scope). */
interface AtlassianUser {
  account_id: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  nickname?: string;
  picture?: string;
}

/**
 * Atlassian (Jira, Confluence) OAuth 2.0 "3LO" apps. Scopes `read:me read:account`; Atlassian wants
 * `audience=api.atlassian.com` and `prompt=consent` on every authorization request. The client
 * authenticates with its secret in the token request. Atlassian's docs do not mention PKCE for 3LO
 * apps, so none is sent. The profile is https://api.atlassian.com/me; its email counts as verified only
 * when the answer carries `email_verified: true` (the docs do not list the field for every account).
 * Refresh tokens come with the `offline_access` scope (add it through `scope`).
 */
export const atlassian = defineProvider({
  id: "atlassian",
  name: "Atlassian",
  endpoints: ENDPOINTS,
  defaultScopes: ["read:me", "read:account"],
  pkce: false,
  clientAuthentication: "post",
  authorizationParams: (config) => ({ audience: "api.atlassian.com", prompt: config.prompt ?? "consent" }),
  profile: (user: AtlassianUser) =>
    typeof user.account_id !== "string"
      ? null
      : {
          id: user.account_id,
          ...providerEmail(user.email, user.email_verified),
          name: user.name || user.nickname || "",
          image: user.picture ?? null,
        },
});
