import { type DefinedEndpoints, defineProvider } from "./define-provider.js";
import { providerEmail } from "./provider-email.js";

const ENDPOINTS = {
  authorization: "https://accounts.spotify.com/authorize",
  token: "https://accounts.spotify.com/api/token",
  userInfo: "https://api.spotify.com/v1/me",
} satisfies DefinedEndpoints;

interface SpotifyUser {
  id: string;
  display_name?: string | null;
  email?: string;
  images?: { url: string; height: number | null; width: number | null }[];
}

/**
 * Spotify. Scope `user-read-email`, PKCE S256, client authentication HTTP Basic (as Spotify's token
 * docs show). The profile is /v1/me; Spotify does not say whether the email is verified, so it is not
 * counted as verified. Spotify has no token revocation endpoint.
 */
export const spotify = defineProvider({
  id: "spotify",
  name: "Spotify",
  endpoints: ENDPOINTS,
  defaultScopes: ["user-read-email"],
  pkce: true,
  clientAuthentication: "basic",
  profile: (user: SpotifyUser) =>
    typeof user.id !== "string"
      ? null
      : {
          id: user.id,
          ...providerEmail(user.email),
          name: user.display_name || user.id,
          // Spotify lists images largest first.
          image: user.images?.[0]?.url ?? null,
        },
});
