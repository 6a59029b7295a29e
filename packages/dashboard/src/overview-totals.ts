import type { AuthContext, Schema, Where } from "@gatehouse-auth/core";
import { API_KEY_MODEL, type DashboardFeatures } from "./dashboard-features.js";

/** The overview's totals: whole-table counts, so cached (see createOverviewTotals). */
export interface OverviewTotals {
  users: number;
  bannedUsers: number;
  activeSessions: number;
  organizations: number | null;
  apiKeys: number | null;
}

export type TotalName = keyof OverviewTotals;

/**
 * From this many rows on, a total is the database's estimate when it makes one (PostgreSQL's planner,
 * see Adapter.estimateCount) instead of a count: counting a million users or sessions reads a whole
 * table or index (~100 ms of PostgreSQL CPU at 1M), an estimate reads the statistics. Below it, or
 * without an estimate (SQLite, MariaDB), the total is counted, up to COUNT_UP_TO.
 */
export const ESTIMATE_FROM_ROWS = 100_000;

/**
 * Without an estimate, a total is counted up to this many rows and shown as "100,000+" past it: a
 * count of a million rows reads them all (SQLite: ~8 ms each for users and active sessions at 1M), a
 * bounded count reads at most this many, so the recount costs the same at any size past it.
 */
export const COUNT_UP_TO = 100_000;

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
  /**
   * `estimated`: the totals that are the database's estimates, not counts; `atLeast`: those counted up to
   * COUNT_UP_TO and found at least that many.
   */
  type Counted = { totals: OverviewTotals; estimated: TotalName[]; atLeast: TotalName[]; at: number };
  // Per auth instance (its composed schema), should one plugin value serve two of them.
  const states = new WeakMap<Schema, { cached: Counted | null; counting: Promise<Counted> | null }>();

  async function count(auth: AuthContext, features: DashboardFeatures, now: number): Promise<Counted> {
    const { db, schema } = auth;
    const estimated: TotalName[] = [];
    const atLeast: TotalName[] = [];
    const tally = async (name: TotalName, model: string, where?: Where[]) => {
      const estimate = await db.estimateCount(where ? { model, where } : { model });
      if (estimate !== null && estimate >= ESTIMATE_FROM_ROWS) {
        estimated.push(name);
        return estimate;
      }
      // One row past the bound tells "exactly 100,000" from "more".
      const n = await db.count(where ? { model, where, limit: COUNT_UP_TO + 1 } : { model, limit: COUNT_UP_TO + 1 });
      if (n <= COUNT_UP_TO) return n;
      atLeast.push(name);
      return COUNT_UP_TO;
    };
    const [users, bannedUsers, activeSessions, organizations, apiKeys] = await Promise.all([
      tally("users", "user"),
      schema.user?.fields.banned ? tally("bannedUsers", "user", [{ field: "banned", value: true }]) : 0,
      tally("activeSessions", "session", [{ field: "expiresAt", operator: "gt", value: new Date(now) }]),
      features.organization ? tally("organizations", "organization") : null,
      features.apiKey ? tally("apiKeys", API_KEY_MODEL) : null,
    ]);
    // In the totals' own order, whichever count finished first.
    const order: TotalName[] = ["users", "bannedUsers", "activeSessions", "organizations", "apiKeys"];
    const inOrder = (names: TotalName[]) => order.filter((name) => names.includes(name));
    return {
      totals: { users, bannedUsers, activeSessions, organizations, apiKeys },
      estimated: inOrder(estimated),
      atLeast: inOrder(atLeast),
      at: now,
    };
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
