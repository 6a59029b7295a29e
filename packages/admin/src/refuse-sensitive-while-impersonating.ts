import { AuthError, SENSITIVE_ACTION_TAG } from "@gatehouse/core";
import type { HookRule } from "@gatehouse/core";
import { ADMIN_ERRORS } from "./admin-errors.js";
import type { AdminSession } from "./admin-types.js";

/**
 * Before every endpoint tagged `SENSITIVE_ACTION_TAG` (core's and other plugins', such as API key
 * creation) and core's `delete-user`: an impersonation session is refused. Whatever it minted (an API
 * key, a password, a linked sign-in, a provider token, another session's token) would outlive the
 * impersonation and the admin's rights. Installed unless `allowSensitiveActionsWhileImpersonating`.
 */
export const refuseSensitiveWhileImpersonating: HookRule = {
  tags: [SENSITIVE_ACTION_TAG, "delete-user"],
  run(ctx) {
    if ((ctx.session?.session as AdminSession | undefined)?.impersonatedBy)
      throw new AuthError(ADMIN_ERRORS.NOT_ALLOWED_WHILE_IMPERSONATING);
  },
};
