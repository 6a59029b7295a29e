import { type DefinedEndpoints, defineProvider } from "./define-provider.js";

const ENDPOINTS = {
  authorization: "https://x.com/i/oauth2/authorize",
  token: "https://api.x.com/2/oauth2/token",
  userInfo: "https://api.x.com/2/users/me",
  revocation: "https://api.x.com/2/oauth2/revoke",
} satisfies DefinedEndpoints;
const USER_FIELDS = "id,name,username,profile_image_url,confirmed_email";

/** X API v2 wraps every object in `data`. */
interface TwitterMe {
  data?: {
    id: string;
    name?: string;
    username: string;
    profile_image_url?: string;
    /** Present only with the `users.email` scope, and only for a confirmed address. */
    confirmed_email?: string;
  };
}

/**
 * X (Twitter) OAuth 2.0. PKCE S256 is mandatory at X; a confidential client authenticates with HTTP
 * Basic. Scopes `users.read tweet.read offline.access users.email` (offline.access for a refresh
 * token, users.email for `confirmed_email`, which X only reports once the user confirmed it).
 */
export const twitter = defineProvider({
  id: "twitter",
  name: "X",
  endpoints: ENDPOINTS,
  defaultScopes: ["users.read", "tweet.read", "offline.access", "users.email"],
  pkce: true,
  // A public client (no secret) identifies itself with client_id in the body instead.
  clientAuthentication: (config) => (config.clientSecret ? "basic" : "post"),
  revoke: { tokenTypeHint: "access_token" },
  userInfo(tokens, ctx) {
    if (!tokens.accessToken) return Promise.resolve(null);
    const url = new URL(ctx.endpoints.userInfo ?? ENDPOINTS.userInfo);
    url.searchParams.set("user.fields", USER_FIELDS);
    return ctx.getJson(url.toString(), tokens.accessToken);
  },
  profile: (me: TwitterMe) => {
    const user = me.data;
    if (!user || typeof user.id !== "string") return null;
    const email = user.confirmed_email || null;
    return {
      id: user.id,
      email,
      emailVerified: email !== null,
      name: user.name || user.username,
      image: user.profile_image_url ?? null,
    };
  },
});
