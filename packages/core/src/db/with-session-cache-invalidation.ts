import type { Where } from "../adapter/adapter-types.js";
import type { Row } from "../schema/schema-types.js";
import type { SessionCache, SessionMark } from "../session/session-secondary-cache.js";
import type { Db } from "./create-db.js";

type Job = () => Promise<void>;

// Bounded `in` lists: every dialect caps the parameters of one statement (PostgreSQL at 65535).
const CHUNK = 500;
function chunks(ids: string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(ids.slice(i, i + CHUNK));
  return out;
}

/**
 * Every write to a session or user row, from core or any plugin, displaces the cached lookups it
 * affects: the rows are found first, their cache entries marked (when the store is unreachable, a new
 * cache generation is started in the database instead, through the same transaction), the write is narrowed to exactly those rows (a session created meanwhile
 * is left alone rather than deleted behind a cache entry nobody marked), and after the commit the
 * entries are marked again — revoked for deleted sessions, so a revocation holds on every instance.
 */
export function withSessionCacheInvalidation(db: Db, cache: SessionCache): Db {
  return wrap(db, db, cache, null);
}

function wrap(db: Db, root: Db, cache: SessionCache, pending: Job[] | null): Db {
  const afterCommit = async (job: Job) => {
    if (pending) pending.push(job);
    else await job();
  };
  const sessionsOf = (where: Where[], from: Db = db) =>
    from.findMany<Row>({ model: "session", where, select: ["id", "token", "userId", "expiresAt"] });
  const sessionsOfUsers = async (userIds: string[], from: Db) => {
    const rows: Row[] = [];
    for (const part of chunks(userIds))
      rows.push(...(await sessionsOf([{ field: "userId", operator: "in", value: part }], from)));
    return rows;
  };
  const marks = (rows: Row[]): SessionMark[] =>
    rows.map((r) => ({ token: r.token as string, expiresAt: r.expiresAt as Date }));

  /**
   * Runs `run` on the rows of `model` matching `where`, narrowed to the ids found. `empty` is the
   * result when nothing matches (the write would have changed nothing we could see).
   */
  async function guarded<T>(
    model: string,
    where: Where[],
    deletes: boolean,
    empty: T,
    run: (where: Where[]) => Promise<T>,
  ): Promise<T> {
    if (model !== "session" && model !== "user") return run(where);
    const found =
      model === "session" ? await sessionsOf(where) : await db.findMany<Row>({ model, where, select: ["id"] });
    if (found.length === 0) return empty;
    const ids = found.map((r) => r.id);
    const sessions = model === "session" ? found : await sessionsOfUsers(ids, db);
    await cache.markStale(marks(sessions), db);
    let result = empty;
    for (const part of chunks(ids)) {
      const changed = await run([...where, { field: "id", operator: "in", value: part }]);
      result = (typeof changed === "number" ? Number(result) + changed : (result ?? changed)) as T;
    }
    // A deleted user takes its sessions with it (foreign key cascade); an updated one changes what
    // every one of its sessions' cached lookups holds, including sessions created during the write.
    await afterCommit(async () => {
      if (deletes) return cache.markAfterCommit(marks(sessions), true);
      const now = model === "user" ? await sessionsOfUsers(ids, root).catch(() => sessions) : sessions;
      return cache.markAfterCommit(marks(now), false);
    });
    return result;
  }

  return {
    ...db,
    update: (args) => guarded(args.model, args.where, false, null, (where) => db.update({ ...args, where })),
    updateMany: (args) => guarded(args.model, args.where, false, 0, (where) => db.updateMany({ ...args, where })),
    delete: (args) => guarded(args.model, args.where, true, undefined, (where) => db.delete({ ...args, where })),
    deleteMany: (args) => guarded(args.model, args.where, true, 0, (where) => db.deleteMany({ ...args, where })),
    async transaction(fn) {
      if (pending) return db.transaction((tx) => fn(wrap(tx, root, cache, pending)));
      const jobs: Job[] = [];
      const result = await db.transaction((tx) => fn(wrap(tx, root, cache, jobs)));
      // Only after the commit: a rolled-back delete must not leave its sessions marked revoked.
      for (const job of jobs) await job();
      return result;
    },
  };
}
