import { AuthError } from "@gatehouse-auth/core";
import type { AuthContext, Db, User } from "@gatehouse-auth/core";
import { API_KEY_ERRORS } from "./api-key-errors.js";
import { API_KEY_MODEL } from "./api-key-model.js";
import type { ResolvedApiKeyOptions } from "./api-key-options.js";
import type { WithOwner } from "./api-key-repository.js";
import type { KeyUsage } from "./api-key-types.js";
import { hashApiKey } from "./generate-api-key.js";
import { assertKeyUsable, planKeyUsage } from "./plan-key-usage.js";

// Each retry follows a concurrent request that won the same row, so a handful always suffices in practice.
const MAX_ATTEMPTS = 5;

/**
 * One use of a presented key (issue #6 cost goal): one indexed lookup by hash with the owner joined
 * (`lookup`, which decides how many of the key's fields to read), then at most one conditional UPDATE
 * carrying every counter. Before anything is written the owner passes the plugins' `validateUser`
 * (a banned owner's key is refused, and spends nothing) and `check` runs on the key (verify's
 * permissions; it may answer "unspent" to record no use). A lost race re-reads and decides again; it never double-spends.
 */
export async function consumeApiKey<K extends KeyUsage>(
  auth: AuthContext,
  o: ResolvedApiKeyOptions,
  presented: string,
  lookup: (db: Db, hash: string) => Promise<WithOwner<K> | null>,
  check?: (key: WithOwner<K>) => "unspent" | undefined,
): Promise<WithOwner<K>> {
  const hash = hashApiKey(presented);
  let key = await lookup(auth.db, hash);
  for (let attempt = 1; ; attempt++) {
    // A key whose owner is gone (adapters without cascades) is as good as no key.
    if (!key?.user) throw new AuthError(API_KEY_ERRORS.INVALID_API_KEY);
    const now = auth.now();
    assertKeyUsable(key, now);
    // The owner row came with the key: the check costs no query.
    await auth.validateUser(key.user as User, "authenticate");
    // "unspent": the key is only being recognised (an organization key at a session route): no use recorded.
    if (check?.(key) === "unspent") return key;
    const plan = planKeyUsage(key, now, o.rateLimit);
    if (!plan) return key;
    // The raw adapter: a use is not an edit, so `updatedAt` keeps meaning "settings last changed".
    const changed = await auth.adapter.updateMany({
      model: API_KEY_MODEL,
      where: [{ field: "id", value: key.id }, ...plan.guards],
      update: plan.update,
      increment: plan.increment,
    });
    if (changed > 0) return { ...key, ...plan.after };
    if (attempt === MAX_ATTEMPTS) throw new AuthError(API_KEY_ERRORS.FAILED_TO_UPDATE_API_KEY);
    key = await lookup(auth.db, hash);
  }
}
