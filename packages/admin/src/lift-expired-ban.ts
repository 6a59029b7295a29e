import type { HookRule } from "@gatehouse-auth/core";
import type { AdminUser } from "./admin-types.js";
import { isBanActive } from "./refuse-banned-user.js";

const cleared = { banned: false, banReason: null, banExpires: null };

/**
 * After a sign-in that an expired ban let through (refuseBannedUser), clears the ban from the user row
 * and from the answer. Done here, after the endpoint's transaction, rather than in validateUser,
 * which may run inside one.
 */
export const liftExpiredBan: HookRule = {
  tags: ["creates-session"],
  async run(ctx, result) {
    const user = ctx.newSession?.user as AdminUser | undefined;
    if (!user?.banned || isBanActive(user, ctx.auth.now())) return undefined;
    await ctx.auth.users.update(user.id, cleared);
    Object.assign(user, cleared);
    const answer = result as { user?: AdminUser } | null;
    if (answer?.user?.id !== user.id) return undefined;
    return { ...answer, user: { ...answer.user, ...cleared } };
  },
};
