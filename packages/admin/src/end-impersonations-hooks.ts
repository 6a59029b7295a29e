import type { HookRule } from "@gatehouse-auth/core";
import type { AdminSession } from "./admin-types.js";
import { endImpersonationsLocked } from "./end-impersonations.js";

/** Core tag of POST /revoke-sessions and /revoke-other-sessions (sign out everywhere, or everywhere else). */
export const REVOKES_SESSIONS_TAG = "revokes-sessions";

/**
 * After a user signs out everywhere (or everywhere else) from a session of their own, the
 * impersonations they opened end too: they are sessions this person holds, kept on the victim's user id.
 * (From an impersonation session, "everywhere" is the victim's sessions, and the impersonator's are
 * left alone.)
 */
export const endImpersonationsOnRevokeAll: HookRule = {
  tags: [REVOKES_SESSIONS_TAG],
  async run(ctx) {
    const current = ctx.session;
    if (!current || (current.session as AdminSession).impersonatedBy) return undefined;
    await endImpersonationsLocked(ctx.auth, current.user.id);
    return undefined;
  },
};

/**
 * After core's delete-user: once the user row is gone, so are the impersonations that user opened. A
 * deletion that only mailed a confirmation link leaves the row, and nothing ends. impersonate-user
 * locks the admin's row, so none can start after the row is gone.
 */
export const endImpersonationsOnSelfDelete: HookRule = {
  tags: ["delete-user"],
  async run(ctx) {
    const current = ctx.session;
    if (!current || (current.session as AdminSession).impersonatedBy) return undefined;
    if (await ctx.auth.users.findById(current.user.id)) return undefined;
    await endImpersonationsLocked(ctx.auth, current.user.id);
    return undefined;
  },
};
