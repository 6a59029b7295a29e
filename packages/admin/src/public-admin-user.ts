import type { AuthContext, Row, User } from "@gatehouse-auth/core";
import type { AdminUser } from "./admin-types.js";

/**
 * The user as the admin routes return it: core's public user, typed with the fields this plugin adds
 * (role, banned, banReason, banExpires), so the typed client sees them too.
 */
export function publicAdminUser(sessions: AuthContext["sessions"], user: Row | User): AdminUser {
  return sessions.publicUser(user) as AdminUser;
}
