import { refreshAccessToken } from "../oauth2-client.js";
import { type DefinedEndpoints, defineProvider } from "./define-provider.js";
import { providerEmail } from "./provider-email.js";

const ENDPOINTS = {
  authorization: "https://www.figma.com/oauth",
  token: "https://api.figma.com/v1/oauth/token",
  userInfo: "https://api.figma.com/v1/me",
} satisfies DefinedEndpoints;

interface FigmaUser {
  id: string;
  handle?: string;
  email?: string;
  img_url?: string;
}

/**
 * Figma. Scope `current_user:read` (Figma's granular scope for /v1/me), client authentication HTTP
 * Basic at api.figma.com (what Figma's current OAuth docs show for the token and refresh endpoints),
 * PKCE S256 — Figma's docs list PKCE as supported; a Figma that ignored it would still authenticate the
 * client by its secret. Refresh goes to /v1/oauth/refresh, not the token endpoint. The profile is
 * /v1/me; Figma does not say whether the email is verified, so it is not counted as verified.
 */
export const figma = defineProvider({
  id: "figma",
  name: "Figma",
  endpoints: ENDPOINTS,
  defaultScopes: ["current_user:read"],
  pkce: true,
  clientAuthentication: "basic",
  // Figma refreshes at its own endpoint beside the token endpoint: /v1/oauth/refresh.
  refresh: (refreshToken, { endpoints, client }) =>
    refreshAccessToken(endpoints.token.replace(/\/token$/, "/refresh"), refreshToken, client),
  profile: (user: FigmaUser) =>
    typeof user.id !== "string"
      ? null
      : { id: user.id, ...providerEmail(user.email), name: user.handle ?? "", image: user.img_url ?? null },
});
