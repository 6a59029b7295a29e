import type { SecondaryStorage } from "@gatehouse-auth/core";
import type { CounterStore } from "./counter-store.js";

/** Secondary storage that can count atomically: INCR and SET NX, which the code limit needs. */
export type AtomicSecondaryStorage = SecondaryStorage & Required<Pick<SecondaryStorage, "increment" | "setIfAbsent">>;

/** True when `storage` has the atomic operations; without them counting would race across instances. */
export const isAtomicStorage = (storage: SecondaryStorage | undefined): storage is AtomicSecondaryStorage =>
  typeof storage?.increment === "function" && typeof storage.setIfAbsent === "function";

/** `CounterStore` on secondary storage (Redis: INCR + EXPIRE, SET NX EX), shared by every instance. */
export function createSecondaryCounterStore(storage: AtomicSecondaryStorage): CounterStore {
  return {
    get: (key) => storage.get(key),
    increment: (key, ttl) => storage.increment(key, ttl),
    setIfAbsent: (key, value, ttl) => storage.setIfAbsent(key, value, ttl),
    set: (key, value, ttl) => storage.set(key, value, ttl),
    delete: (key) => storage.delete(key),
  };
}
