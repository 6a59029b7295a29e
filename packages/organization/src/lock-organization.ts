import type { Db } from "@gatehouse-auth/core";
import type { Organization } from "./organization-types.js";

/**
 * Locks the organization's row until `tx` ends and returns it (null when it is gone). Every
 * transaction that checks a limit, an owner count or a pending invitation before writing takes this
 * lock first, so on SQL databases such transactions for one organization run one after another and
 * the check still holds at the write. It must be the transaction's first read (see `forUpdate`).
 */
export function lockOrganization(tx: Db, organizationId: string): Promise<Organization | null> {
  return tx.findOne<Organization>({
    model: "organization",
    where: [{ field: "id", value: organizationId }],
    forUpdate: true,
  });
}
