import { UniqueConstraintError, sha256Base64Url } from "@gatehouse-auth/core";
import type { AuthContext, Verification } from "@gatehouse-auth/core";
import type { CounterStore } from "./counter-store.js";

const MODEL = "verification";
// A compare-and-swap that keeps losing means a storm on one key: give up (the caller fails closed).
const MAX_ROUNDS = 16;

/** Thrown when contention on one key never lets a write through; callers refuse the attempt. */
export class CounterContentionError extends Error {
  override name = "CounterContentionError";
}

/**
 * The row's id, derived from the key (in the id alphabet [A-Za-z0-9]): a key has at most one row, so two
 * callers racing to create it collide on the primary key instead of leaving two rows that each count.
 */
const rowIdOf = (key: string) => sha256Base64Url(`gatehouse-counter|${key}`).replace(/[-_]/g, "").slice(0, 32);

/**
 * `CounterStore` on the verification table, shared by every process using the database. Each key is one
 * row; every change is a compare-and-swap on (id, value) or an insert that the primary key lets only one
 * caller win, so no increment is lost and no key is set twice.
 */
export function createDbCounterStore(auth: Pick<AuthContext, "db" | "now">): CounterStore {
  const { db } = auth;
  const sameRow = (row: Verification) => [
    { field: "id", value: row.id },
    { field: "value", value: row.value },
  ];
  // The key's live row; an expired one is removed (only if unchanged: a racing caller may have renewed it).
  const read = async (key: string): Promise<Verification | null> => {
    const row = await db.findOne<Verification>({ model: MODEL, where: [{ field: "id", value: rowIdOf(key) }] });
    if (!row) return null;
    if (row.expiresAt.getTime() > auth.now()) return row;
    await db.deleteMany({ model: MODEL, where: sameRow(row) });
    return null;
  };
  // Creates the key's row; false when another caller created it first.
  const insert = (key: string, value: string, ttl: number) =>
    db
      .create<Verification>({
        model: MODEL,
        data: { id: rowIdOf(key), identifier: key, value, expiresAt: new Date(auth.now() + ttl * 1000) },
      })
      .then(
        () => true,
        (error: unknown) => {
          if (error instanceof UniqueConstraintError) return false;
          throw error;
        },
      );
  return {
    async get(key) {
      return (await read(key))?.value ?? null;
    },
    async increment(key, ttl) {
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const row = await read(key);
        if (!row) {
          if (await insert(key, "1", ttl)) return 1;
          continue;
        }
        const next = (Number.parseInt(row.value, 10) || 0) + 1;
        const changed = await db.updateMany({ model: MODEL, where: sameRow(row), update: { value: String(next) } });
        if (changed === 1) return next;
      }
      throw new CounterContentionError(`no increment of ${key} got through`);
    },
    async setIfAbsent(key, value, ttl) {
      for (let round = 0; round < MAX_ROUNDS; round++) {
        if (await read(key)) return false;
        if (await insert(key, value, ttl)) return true;
      }
      return false;
    },
    async set(key, value, ttl) {
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const row = await read(key);
        if (!row) {
          if (await insert(key, value, ttl)) return;
          continue;
        }
        const expiresAt = new Date(auth.now() + ttl * 1000);
        if ((await db.updateMany({ model: MODEL, where: sameRow(row), update: { value, expiresAt } })) === 1) return;
      }
      throw new CounterContentionError(`no write of ${key} got through`);
    },
    async delete(key) {
      await db.deleteMany({ model: MODEL, where: [{ field: "id", value: rowIdOf(key) }] });
    },
  };
}
