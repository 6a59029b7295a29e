import type { AuthContext } from "../context/auth-context.js";
import type { User } from "../schema/model-types.js";

/**
 * Deletes a user with its sessions and accounts in one transaction: every session dies at the same
 * moment, and a failure leaves the user whole. The app's beforeDelete may refuse by throwing.
 */
export async function deleteUserEverywhere(auth: AuthContext, user: User): Promise<void> {
  const hooks = auth.options.user.deleteUser;
  await hooks.beforeDelete?.(user);
  await auth.transaction(async (tx) => {
    await tx.endUserSessions(user.id, "user-deleted");
    await tx.accounts.deleteByUser(user.id);
    await tx.users.delete(user.id);
  });
  await hooks.afterDelete?.(user);
}
