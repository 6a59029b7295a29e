import { AuthError } from "@gatehouse-auth/core";
import type { PluginUserInput } from "@gatehouse-auth/core";
import { findUserByUsername } from "./find-user-by-username.js";
import { acceptNewUsername } from "./normalize-username.js";
import { USERNAME_ERRORS } from "./username-errors.js";
import type { ResolvedUsernameOptions } from "./username-options.js";

/**
 * `username` in sign-up and update-user bodies: well-formed (else 400), free or already the caller's
 * (else 400), stored lower-case with the spelling in `displayUsername`. The lookup here answers the
 * common case early — before sign-up looks at the email, so a taken name gets the same 400 whether or
 * not the address has an account. The unique index settles a race: `onUniqueConflict` turns it into
 * the same 400, never a 500 and never a second holder.
 */
export function usernameUserInput(options: ResolvedUsernameOptions): PluginUserInput {
  return {
    keys: ["username"],
    async parse(input, { ctx, user }) {
      if (!Object.hasOwn(input, "username")) return {};
      const raw = input.username;
      const username = await acceptNewUsername(raw, options);
      if (username === null) throw new AuthError(USERNAME_ERRORS.INVALID_USERNAME);
      const holder = await findUserByUsername(ctx.auth.db, username);
      if (holder && holder.id !== user?.id) throw new AuthError(USERNAME_ERRORS.USERNAME_IS_ALREADY_TAKEN);
      return { username, displayUsername: raw };
    },
    async onUniqueConflict(columns, ctx) {
      if (typeof columns.username !== "string") return;
      const holder = await findUserByUsername(ctx.auth.db, columns.username);
      // Sign-up has no session; on update-user the caller keeping their own name is not the clash.
      if (holder && holder.id !== ctx.session?.user.id) throw new AuthError(USERNAME_ERRORS.USERNAME_IS_ALREADY_TAKEN);
    },
  };
}
