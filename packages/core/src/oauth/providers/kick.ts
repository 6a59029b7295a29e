import { sendRevocation } from "../send-revocation.js";
import { type DefinedEndpoints, defineProvider } from "./define-provider.js";
import { providerEmail } from "./provider-email.js";

const ENDPOINTS = {
  authorization: "https://id.kick.com/oauth/authorize",
  token: "https://id.kick.com/oauth/token",
  userInfo: "https://api.kick.com/public/v1/users",
  revocation: "https://id.kick.com/oauth/revoke",
} satisfies DefinedEndpoints;

/** Kick's public API wraps results in `data`; /users without ids lists just the token's user. */
interface KickUser {
  user_id: number;
  name: string;
  email?: string;
  profile_picture?: string;
}

/**
 * Kick (OAuth 2.1). Scope `user:read`, PKCE S256 (Kick requires it). The profile is the public API's
 * /public/v1/users; Kick does not say whether the email is verified, so it is not counted as verified.
 */
export const kick = defineProvider({
  id: "kick",
  name: "Kick",
  endpoints: ENDPOINTS,
  defaultScopes: ["user:read"],
  pkce: true,
  clientAuthentication: "post",
  revoke: (token, { endpoints, config }) => {
    // Kick takes the token and its kind as query parameters, not a form.
    const url = new URL(endpoints.revocation ?? ENDPOINTS.revocation);
    url.searchParams.set("token", token);
    url.searchParams.set("token_hint_type", "access_token");
    return sendRevocation(url.toString(), {}, config.fetch);
  },
  async userInfo(tokens, ctx) {
    if (!tokens.accessToken) return null;
    const body = (await ctx.getJson(ctx.endpoints.userInfo ?? ENDPOINTS.userInfo, tokens.accessToken)) as {
      data?: KickUser[];
    } | null;
    return Array.isArray(body?.data) ? body.data[0] : null;
  },
  profile: (user: KickUser) =>
    user.user_id === undefined
      ? null
      : {
          id: String(user.user_id),
          ...providerEmail(user.email),
          name: user.name,
          image: user.profile_picture || null,
        },
});
