/**
 * better-sqlite3 is one connection, and Drizzle's transactions on it are synchronous (an async callback
 * would commit before its first await). The adapter therefore runs SQLite transactions itself
 * (BEGIN … COMMIT) and holds this gate while one is open: the adapter's other queries wait, so another
 * request's write never lands inside (or is rolled back with) someone else's transaction.
 */
export function createSqliteGate() {
  let held = false;
  let released: Promise<void> = Promise.resolve();
  return {
    /** True while a transaction (or a statement sequence) holds the connection. */
    get held(): boolean {
      return held;
    },
    /** Resolves once nothing holds the connection. */
    async free(): Promise<void> {
      while (held) await released;
    },
    /**
     * Runs `fn` holding the connection: a transaction, or a sequence of statements that must not have
     * someone's BEGIN between them (update's find, write, read back). Holders queue in arrival order.
     */
    async hold<T>(fn: () => Promise<T>): Promise<T> {
      while (held) await released;
      held = true;
      let release!: () => void;
      released = new Promise((resolve) => {
        release = resolve;
      });
      try {
        return await fn();
      } finally {
        held = false;
        release();
      }
    },
  };
}

export type SqliteGate = ReturnType<typeof createSqliteGate>;
