import type { AuthContext, Db } from "@gatehouse-auth/core";

/**
 * Ends every impersonation session `adminId` opened (impersonatedBy = adminId): they live on the
 * victim's user id, so ending the admin's own sessions does not reach them. Call it inside the
 * transaction that takes the right away, after that transaction has written or locked the admin's user
 * row: impersonate-user locks the same row before it creates a session, so an impersonation is either
 * committed before (and deleted here) or started after (and sees the lost right).
 */
export function endImpersonationsBy(db: Db, adminId: string): Promise<number> {
  return db.deleteMany({ model: "session", where: [{ field: "impersonatedBy", value: adminId }] });
}

/** `endImpersonationsBy` in a transaction of its own that first locks the admin's user row (if any). */
export function endImpersonationsLocked(auth: AuthContext, adminId: string): Promise<number> {
  return auth.transaction(async (tx) => {
    await tx.db.findOne({ model: "user", where: [{ field: "id", value: adminId }], forUpdate: true });
    return endImpersonationsBy(tx.db, adminId);
  });
}
