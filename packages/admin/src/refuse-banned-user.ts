import { AuthError } from "@gatehouse-auth/core";
import type { User } from "@gatehouse-auth/core";
import { ADMIN_ERRORS } from "./admin-errors.js";
import type { ResolvedAdminOptions } from "./admin-options.js";
import type { AdminUser } from "./admin-types.js";

/** True while a ban holds: banned and either without an end or ending in the future. */
export function isBanActive(user: Pick<AdminUser, "banned" | "banExpires">, now = Date.now()): boolean {
  if (!user.banned) return false;
  return !user.banExpires || new Date(user.banExpires).getTime() > now;
}

/**
 * The plugin's `validateUser`: a banned user gets no new session from any sign-in path (email, social,
 * verification, impersonation), and neither an existing session nor an API key (any plugin's
 * `authenticate`) stands for them. It reads the user row core has already loaded: no query. An expired
 * ban lets the user through; liftExpiredBan clears it at the next sign-in.
 */
export const refuseBannedUser = (o: ResolvedAdminOptions, now: () => number) => (user: User) => {
  if (isBanActive(user as AdminUser, now()))
    throw new AuthError(ADMIN_ERRORS.BANNED_USER, { message: o.bannedUserMessage });
};
