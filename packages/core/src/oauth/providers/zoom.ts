import { type DefinedEndpoints, defineProvider } from "./define-provider.js";
import { providerEmail } from "./provider-email.js";

const ENDPOINTS = {
  authorization: "https://zoom.us/oauth/authorize",
  token: "https://zoom.us/oauth/token",
  userInfo: "https://api.zoom.us/v2/users/me",
  revocation: "https://zoom.us/oauth/revoke",
} satisfies DefinedEndpoints;

interface ZoomUser {
  id: string;
  first_name?: string;
  last_name?: string;
  display_name?: string;
  email?: string;
  pic_url?: string;
  /** 1 when Zoom verified the account's email, 0 otherwise. */
  verified?: number;
}

/**
 * Zoom (user-managed OAuth app). Scope `user:read:user`, PKCE S256, client authentication HTTP Basic as
 * Zoom requires. The profile is /v2/users/me; its email counts as verified when `verified` is 1 (0 is
 * not taken as a denial: Zoom documents it only as "not verified yet").
 */
export const zoom = defineProvider({
  id: "zoom",
  name: "Zoom",
  endpoints: ENDPOINTS,
  defaultScopes: ["user:read:user"],
  pkce: true,
  clientAuthentication: "basic",
  revoke: {},
  profile: (user: ZoomUser) =>
    typeof user.id !== "string"
      ? null
      : {
          id: user.id,
          ...providerEmail(user.email, user.verified === 1 || undefined),
          name: user.display_name || [user.first_name, user.last_name].filter(Boolean).join(" "),
          image: user.pic_url || null,
        },
});
