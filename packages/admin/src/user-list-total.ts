import type { Db, Where } from "@gatehouse-auth/core";

/** Up to this many matching users, the total is counted exactly on every page (a bounded index read). */
export const EXACT_USER_TOTAL_UP_TO = 1000;
/** Past it, a total counted at most this often per filter and reused in between (marked `totalExact: false`). */
export const USER_TOTAL_CACHE_MS = 60_000;
const MAX_CACHED_FILTERS = 100;

/** list-users' total and whether it is exact. */
export interface UserListTotal {
  total: number;
  exact: boolean;
}

// Per auth instance (its Db), per filter: the last whole count and when it was taken.
const counted = new WeakMap<Db, Map<string, { total: number; at: number }>>();

/**
 * How many users match `where`, without a whole-table count on every page: an id read capped at
 * `EXACT_USER_TOTAL_UP_TO + 1` rows answers exactly for small matches; past that, the count is taken at most
 * once a minute per filter and reused, and the answer says it is not exact. Cost per page stays flat
 * however many users there are (the count itself runs at most once a minute).
 */
export async function countUsers(db: Db, where: Where[], now: number): Promise<UserListTotal> {
  const probe = await db.findMany({ model: "user", where, select: ["id"], limit: EXACT_USER_TOTAL_UP_TO + 1 });
  if (probe.length <= EXACT_USER_TOTAL_UP_TO) return { total: probe.length, exact: true };
  let byFilter = counted.get(db);
  if (!byFilter) {
    byFilter = new Map();
    counted.set(db, byFilter);
  }
  const key = JSON.stringify(where);
  const cached = byFilter.get(key);
  if (cached && now - cached.at < USER_TOTAL_CACHE_MS) return { total: cached.total, exact: false };
  const total = await db.count({ model: "user", where });
  if (byFilter.size >= MAX_CACHED_FILTERS) byFilter.clear();
  byFilter.set(key, { total, at: now });
  // Just counted, but other requests will reuse it for a minute: exact for this answer only.
  return { total, exact: true };
}
