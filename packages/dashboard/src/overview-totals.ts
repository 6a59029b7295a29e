import type { AuthContext, Schema } from "@gatehouse-auth/core";
import { API_KEY_MODEL, type DashboardFeatures } from "./dashboard-features.js";

/** The overview's totals: whole-table counts, so cached (see createOverviewTotals). */
export interface OverviewTotals {
  users: number;
  bannedUsers: number;
  activeSessions: number;
  organizations: number | null;
  apiKeys: number | null;
}

/** How long counted totals are reused: a page view at most once a minute pays for counting the tables. */
export const TOTALS_MAX_AGE_MS = 60_000;

/**
 * The totals, counted at most once per TOTALS_MAX_AGE_MS per process and answered with the time they
 * were counted. Counting `user`, `session` or `user.banned` reads the whole table (or a whole index):
 * at a million users that costs more than a page view should (tens of milliseconds). So only the
 * process's first view waits for a count; once the totals are older than TOTALS_MAX_AGE_MS a view
 * answers them as they are (with their time) and starts one recount after its answer, which the next
 * views get. Concurrent views share the one count instead of starting their own.
 */
export function createOverviewTotals() {
  type Counted = { totals: OverviewTotals; at: number };
  // Per auth instance (its composed schema), should one plugin value serve two of them.
  const states = new WeakMap<Schema, { cached: Counted | null; counting: Promise<Counted> | null }>();

  async function count(auth: AuthContext, features: DashboardFeatures, now: number) {
    const { db, schema } = auth;
    const [users, bannedUsers, activeSessions, organizations, apiKeys] = await Promise.all([
      db.count({ model: "user" }),
      schema.user?.fields.banned ? db.count({ model: "user", where: [{ field: "banned", value: true }] }) : 0,
      db.count({ model: "session", where: [{ field: "expiresAt", operator: "gt", value: new Date(now) }] }),
      features.organization ? db.count({ model: "organization" }) : null,
      features.apiKey ? db.count({ model: API_KEY_MODEL }) : null,
    ]);
    return { totals: { users, bannedUsers, activeSessions, organizations, apiKeys }, at: now };
  }

  return async function totals(auth: AuthContext, features: DashboardFeatures): Promise<Counted> {
    const now = auth.now();
    let state = states.get(auth.schema);
    if (!state) {
      state = { cached: null, counting: null };
      states.set(auth.schema, state);
    }
    const current = state;
    const { cached } = current;
    // A clock that went back (a test's, or a corrected host's) counts again rather than trusting the future.
    if (cached && now >= cached.at && now - cached.at < TOTALS_MAX_AGE_MS) return cached;
    const recount = () => {
      current.counting ??= count(auth, features, now)
        .then((counted) => {
          current.cached = counted;
          return counted;
        })
        .finally(() => {
          current.counting = null;
        });
      return current.counting;
    };
    if (cached && now >= cached.at) {
      // Stale: answered as counted; the recount runs after this answer, off the page view.
      if (!current.counting) auth.background.run("dashboard totals", async () => void (await recount()));
      return cached;
    }
    return recount();
  };
}
