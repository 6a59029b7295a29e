import type { ProviderConfig } from "../oauth-provider.js";
import { defineProvider } from "./define-provider.js";
import { providerEmail } from "./provider-email.js";

/** GitLab options on top of the common ones. */
export interface GitLabOptions extends ProviderConfig {
  /** The GitLab instance, for self-managed GitLab; default `https://gitlab.com`. */
  issuer?: string;
}

interface GitLabUser {
  id: number;
  username: string;
  name?: string | null;
  email?: string | null;
  avatar_url?: string | null;
  /** When the user confirmed their primary email; null while unconfirmed. */
  confirmed_at?: string | null;
  state?: string;
}

/**
 * GitLab.com or a self-managed instance (`issuer`). Scope `read_user`, PKCE S256. The profile is the
 * REST API's /api/v4/user; its email counts as verified once GitLab records a confirmation.
 */
export const gitlab = defineProvider<GitLabOptions>({
  id: "gitlab",
  name: "GitLab",
  endpoints: (config) => {
    const base = (config.issuer ?? "https://gitlab.com").replace(/\/+$/, "");
    return {
      authorization: `${base}/oauth/authorize`,
      token: `${base}/oauth/token`,
      userInfo: `${base}/api/v4/user`,
      revocation: `${base}/oauth/revoke`,
    };
  },
  defaultScopes: ["read_user"],
  pkce: true,
  clientAuthentication: "post",
  loginHintParam: "login_hint",
  revoke: {},
  profile: (user: GitLabUser) => {
    // A blocked or deactivated account is not let in even if a token was still issued.
    if (user.id === undefined || (user.state && user.state !== "active")) return null;
    const { email } = providerEmail(user.email);
    return {
      id: String(user.id),
      email,
      emailVerified: email !== null && Boolean(user.confirmed_at),
      name: user.name || user.username,
      image: user.avatar_url ?? null,
    };
  },
});
