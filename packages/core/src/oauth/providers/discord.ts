import type { ProviderConfig } from "../oauth-provider.js";
import { type DefinedEndpoints, defineProvider } from "./define-provider.js";
import { providerEmail } from "./provider-email.js";

const ENDPOINTS = {
  authorization: "https://discord.com/oauth2/authorize",
  token: "https://discord.com/api/oauth2/token",
  userInfo: "https://discord.com/api/users/@me",
  revocation: "https://discord.com/api/oauth2/token/revoke",
} satisfies DefinedEndpoints;
const CDN = "https://cdn.discordapp.com";

/** Discord options on top of the common ones. */
export interface DiscordOptions extends ProviderConfig {
  /** Discord knows `consent` (asks again even when the user already authorized the app) and `none` (skips the screen). */
  prompt?: string;
}

interface DiscordUser {
  id: string;
  username: string;
  discriminator?: string;
  global_name?: string | null;
  avatar: string | null;
  email?: string | null;
  verified?: boolean;
}

/** The user's avatar on Discord's CDN, or the default avatar Discord shows when they set none. */
export function discordAvatarURL(user: Pick<DiscordUser, "id" | "avatar" | "discriminator">): string {
  if (user.avatar) {
    // Animated avatars have hashes starting with `a_` and exist only as GIF.
    const ext = user.avatar.startsWith("a_") ? "gif" : "png";
    return `${CDN}/avatars/${user.id}/${user.avatar}.${ext}`;
  }
  // Discord's image formatting docs: users on the new username system (discriminator "0") get
  // (id >> 22) % 6, legacy users discriminator % 5.
  const legacy = user.discriminator && user.discriminator !== "0";
  const snowflake = /^\d+$/.test(user.id) ? BigInt(user.id) : 0n;
  const index = legacy ? Number(user.discriminator) % 5 : Number((snowflake >> 22n) % 6n);
  return `${CDN}/embed/avatars/${index}.png`;
}

/**
 * Discord. Scopes `identify email`, PKCE S256. The profile is /users/@me; its email counts as verified
 * when Discord says `verified`.
 */
export const discord = defineProvider<DiscordOptions>({
  id: "discord",
  name: "Discord",
  endpoints: ENDPOINTS,
  defaultScopes: ["identify", "email"],
  pkce: true,
  clientAuthentication: "post",
  revoke: {},
  profile: (user: DiscordUser) =>
    typeof user.id !== "string"
      ? null
      : {
          id: user.id,
          ...providerEmail(user.email, user.verified),
          name: user.global_name || user.username,
          image: discordAvatarURL(user),
        },
});
