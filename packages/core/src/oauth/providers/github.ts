import { sendRevocation } from "../send-revocation.js";
import { type DefinedEndpoints, defineProvider } from "./define-provider.js";

const ENDPOINTS = {
  authorization: "https://github.com/login/oauth/authorize",
  token: "https://github.com/login/oauth/access_token",
  userInfo: "https://api.github.com/user",
} satisfies DefinedEndpoints;

interface GithubUser {
  id: number;
  login: string;
  name: string | null;
  email: string | null;
  avatar_url?: string;
}
interface GithubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

/**
 * GitHub (OAuth app or GitHub app). Scopes `read:user user:email`. GitHub's /user shows only the public
 * email, so /user/emails supplies the primary address and whether it is verified. Revocation deletes
 * the app's token (`DELETE /applications/{client_id}/token`).
 */
export const github = defineProvider({
  id: "github",
  name: "GitHub",
  endpoints: (config) => ({
    ...ENDPOINTS,
    revocation: `https://api.github.com/applications/${encodeURIComponent(config.clientId)}/token`,
  }),
  defaultScopes: ["read:user", "user:email"],
  pkce: true,
  clientAuthentication: "post",
  loginHintParam: "login",
  // GitHub's API refuses requests without a User-Agent.
  headers: () => ({ "user-agent": "gatehouse" }),
  // GitHub has no RFC 7009 endpoint: the app authenticates with Basic auth and names the token in JSON.
  revoke: (token, { endpoints, config, headers }) =>
    sendRevocation(
      endpoints.revocation ?? "",
      {
        method: "DELETE",
        headers: {
          ...headers,
          accept: "application/vnd.github+json",
          authorization: `Basic ${btoa(`${config.clientId}:${config.clientSecret ?? ""}`)}`,
        },
        json: { access_token: token },
      },
      config.fetch,
    ),
  async userInfo(tokens, { endpoints, getJson }) {
    const url = endpoints.userInfo ?? ENDPOINTS.userInfo;
    if (!tokens.accessToken) return null;
    const user = (await getJson(url, tokens.accessToken)) as GithubUser | null;
    if (!user || user.id === undefined) return null;
    const emails = await getJson(`${url}/emails`, tokens.accessToken);
    return { user, emails: Array.isArray(emails) ? (emails as GithubEmail[]) : [] };
  },
  // mapProfile's raw stays GitHub's /user.
  mapProfileRaw: ({ user }: { user: GithubUser }) => user,
  profile: ({ user, emails: list }: { user: GithubUser; emails: GithubEmail[] }) => {
    const primary = list.find((e) => e.primary) ?? list.find((e) => e.email === user.email);
    return {
      id: String(user.id),
      email: primary?.email ?? user.email ?? null,
      emailVerified: Boolean(primary?.verified),
      // The emails API answers `verified` for every address it lists.
      emailUnverified: primary !== undefined && primary.verified === false,
      name: user.name || user.login,
      image: user.avatar_url ?? null,
    };
  },
});
