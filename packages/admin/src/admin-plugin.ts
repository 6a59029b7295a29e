import { definePlugin } from "@gatehouse-auth/core";
import { ADMIN_ERRORS } from "./admin-errors.js";
import { ADMIN_OPTION_KEYS, resolveAdminOptions } from "./admin-options.js";
import type { AdminOptions } from "./admin-options.js";
import { adminSchema } from "./admin-schema.js";
import { endImpersonationsOnRevokeAll, endImpersonationsOnSelfDelete } from "./end-impersonations-hooks.js";
import type { AdminSession } from "./admin-types.js";
import { liftExpiredBan } from "./lift-expired-ban.js";
import { refuseBannedUser } from "./refuse-banned-user.js";
import { banUser } from "./routes/ban-user.js";
import { createUser } from "./routes/create-user.js";
import { getUser } from "./routes/get-user.js";
import { userHasPermission } from "./routes/has-permission.js";
import { impersonateUser } from "./routes/impersonate-user.js";
import { listUserSessions } from "./routes/list-user-sessions.js";
import { listUsers } from "./routes/list-users.js";
import { removeUser } from "./routes/remove-user.js";
import { revokeUserSession } from "./routes/revoke-user-session.js";
import { revokeUserSessions } from "./routes/revoke-user-sessions.js";
import { setRole } from "./routes/set-role.js";
import { setUserPassword } from "./routes/set-user-password.js";
import { stopImpersonating } from "./routes/stop-impersonating.js";
import { unbanUser } from "./routes/unban-user.js";
import { adminUpdateUser } from "./routes/update-user.js";

/** The admin plugin: roles, user and session management, bans and impersonation (SPEC.md §6). */
export const admin = (options: AdminOptions = {}) => {
  const o = resolveAdminOptions(options);
  // The ban check needs the auth's clock, known only once the auth is built.
  let now: () => number = Date.now;
  return definePlugin({
    id: "admin",
    // A misspelt option (adminUserId) is refused at start-up instead of silently ignored.
    optionKeys: { given: options, keys: ADMIN_OPTION_KEYS },
    schema: adminSchema(o.defaultRole),
    errors: ADMIN_ERRORS,
    endpoints: {
      createUser: createUser(o),
      listUsers: listUsers(o),
      getUser: getUser(o),
      adminUpdateUser: adminUpdateUser(o),
      setRole: setRole(o),
      banUser: banUser(o),
      unbanUser: unbanUser(o),
      listUserSessions: listUserSessions(o),
      revokeUserSession: revokeUserSession(o),
      revokeUserSessions: revokeUserSessions(o),
      impersonateUser: impersonateUser(o),
      stopImpersonating,
      removeUser: removeUser(o),
      setUserPassword: setUserPassword(o),
      userHasPermission: userHasPermission(o),
    },
    hooks: {
      after: [liftExpiredBan, endImpersonationsOnRevokeAll, endImpersonationsOnSelfDelete],
    },
    validateUser: refuseBannedUser(o, () => now()),
    // An impersonation session is its own credential kind: core's router keeps it off every endpoint
    // declared `own-session` (credentials, sign-in methods, sessions, tokens), as it does API keys.
    // With allowSensitiveActionsWhileImpersonating it counts as the user's own session instead.
    sessionCredential: o.allowSensitiveActionsWhileImpersonating
      ? undefined
      : (session) => ((session as AdminSession).impersonatedBy ? "impersonation" : undefined),
    // An impersonation lasts impersonationSessionDuration; sliding it forward would make it a full session.
    canRefreshSession: (session) => !(session as AdminSession).impersonatedBy,
    init(ctx) {
      now = ctx.now;
    },
  });
};
