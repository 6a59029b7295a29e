import { AuthError, CORE_ERRORS } from "@gatehouse-auth/core";
import type { AuthContext } from "@gatehouse-auth/core";
import type { AdminUser } from "./admin-types.js";

/** The user with this id, or 404 USER_NOT_FOUND: the endpoints' way of turning the repository's null into an error. */
export async function requireUser(auth: AuthContext, userId: string): Promise<AdminUser> {
  const user = await auth.users.findById(userId);
  if (!user) throw new AuthError(CORE_ERRORS.USER_NOT_FOUND);
  return user as AdminUser;
}
