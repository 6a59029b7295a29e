import type { CompiledQuery, DatabaseConnection, Driver, QueryResult, TransactionSettings } from "kysely";
import { translatePrismaError } from "./prisma-errors.js";

/** The part of a Prisma Client (or of the client an interactive transaction hands its callback) the adapter uses. */
export interface PrismaRawClient {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
}

export interface PrismaClientLike extends PrismaRawClient {
  $transaction<R>(
    fn: (tx: PrismaRawClient) => Promise<R>,
    options?: { maxWait?: number; timeout?: number },
  ): Promise<R>;
}

/** Interactive transaction limits: Prisma's defaults (2 s to start, 5 s to finish) are short for a pool under load. */
export interface PrismaTransactionOptions {
  maxWait?: number;
  timeout?: number;
}

// Statements that report a row count rather than rows (no RETURNING): executeRaw gives the count.
const WRITES = new Set(["InsertQueryNode", "UpdateQueryNode", "DeleteQueryNode"]);

/**
 * Prisma hands back raw columns in its own types: BigInt for 64-bit integers (SQLite's INTEGER, a
 * COUNT on PostgreSQL), Decimal objects for NUMERIC. The adapter's codecs expect the drivers' numbers.
 */
function normalize(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  for (const row of rows) {
    for (const key in row) {
      const v = row[key];
      if (typeof v === "bigint") row[key] = Number.isSafeInteger(Number(v)) ? Number(v) : v.toString();
      else if (v !== null && typeof v === "object" && !(v instanceof Date) && "toFixed" in v && "d" in v)
        row[key] = Number(String(v));
    }
  }
  return rows;
}

/**
 * SQLite through @prisma/adapter-better-sqlite3 is one connection, and Prisma's queries outside an
 * interactive transaction do not wait for it: they would run inside it and be rolled back with it
 * (someone's sign-up undone by another request's failed transaction). So, on SQLite, the adapter's
 * queries outside a transaction wait while one of its transactions is open, and transactions queue.
 */
export class SqliteGate {
  private tail: Promise<void> = Promise.resolve();
  private holders = 0;

  /** Resolves once no transaction is open. */
  async free(): Promise<void> {
    while (this.holders > 0) await this.tail;
  }

  /** Waits for the transactions before, then holds the connection until `release` is called. */
  async acquire(): Promise<() => void> {
    const before = this.tail;
    let release!: () => void;
    this.tail = new Promise((resolve) => {
      release = resolve;
    });
    this.holders++;
    await before;
    return () => {
      this.holders--;
      release();
    };
  }
}

/** One Kysely connection: the Prisma Client itself, or an open interactive transaction's client. */
class PrismaConnection implements DatabaseConnection {
  client: PrismaRawClient;
  /** Ends the open interactive transaction: resolve commits it, reject rolls it back. */
  finish?: { commit(): void; rollback(error: Error): void; done: Promise<unknown>; release?: () => void };

  constructor(
    readonly prisma: PrismaClientLike,
    private readonly gate?: SqliteGate,
  ) {
    this.client = prisma;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const params = query.parameters as unknown[];
    if (this.gate && !this.finish) await this.gate.free();
    try {
      const node = query.query as { kind?: string; returning?: unknown } | undefined;
      if (node?.kind && WRITES.has(node.kind) && !node.returning) {
        const n = await this.client.$executeRawUnsafe(query.sql, ...params);
        return { rows: [], numAffectedRows: BigInt(n) };
      }
      const rows = await this.client.$queryRawUnsafe<Record<string, unknown>[]>(query.sql, ...params);
      return { rows: normalize(rows) as R[] };
    } catch (error) {
      throw translatePrismaError(error);
    }
  }

  // biome-ignore lint/correctness/useYield: the adapter never streams; Kysely's interface requires the method.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("prismaAdapter does not stream queries");
  }
}

/**
 * A Kysely driver whose queries run through the app's Prisma Client ($queryRawUnsafe /
 * $executeRawUnsafe, on Prisma's own driver adapter and pool), and whose transactions are Prisma's
 * interactive transactions: BEGIN opens one and parks its callback until COMMIT or ROLLBACK.
 */
export class PrismaDriver implements Driver {
  constructor(
    private readonly prisma: PrismaClientLike,
    private readonly txOptions: PrismaTransactionOptions,
    private readonly gate?: SqliteGate,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PrismaConnection(this.prisma, this.gate);
  }

  async beginTransaction(conn: DatabaseConnection, _settings: TransactionSettings): Promise<void> {
    const connection = conn as PrismaConnection;
    const release = await this.gate?.acquire();
    let started!: (tx: PrismaRawClient) => void;
    let failed!: (error: unknown) => void;
    const ready = new Promise<PrismaRawClient>((resolve, reject) => {
      started = resolve;
      failed = reject;
    });
    let commit!: () => void;
    let rollback!: (error: Error) => void;
    const ended = new Promise<void>((resolve, reject) => {
      commit = resolve;
      rollback = reject;
    });
    // Prisma commits when the callback resolves and rolls back when it rejects.
    const done = this.prisma
      .$transaction(async (tx) => {
        started(tx);
        await ended;
      }, this.txOptions)
      .catch((error: unknown) => {
        failed(error);
        throw error;
      });
    // Until COMMIT or ROLLBACK awaits it, a failure is reported through `ready` (or by commit itself).
    done.catch(() => {});
    try {
      connection.client = await ready;
    } catch (error) {
      release?.();
      throw translatePrismaError(error);
    }
    connection.finish = { commit, rollback, done, release };
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    const connection = conn as PrismaConnection;
    const finish = connection.finish;
    connection.finish = undefined;
    connection.client = connection.prisma;
    if (!finish) return;
    finish.commit();
    try {
      await finish.done;
    } catch (error) {
      throw translatePrismaError(error);
    } finally {
      finish.release?.();
    }
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    const connection = conn as PrismaConnection;
    const finish = connection.finish;
    connection.finish = undefined;
    connection.client = connection.prisma;
    if (!finish) return;
    finish.rollback(new RolledBack());
    // The rollback's own outcome: our RolledBack is the expected one; a dead connection is no news here.
    await finish.done.catch(() => {});
    finish.release?.();
  }

  async releaseConnection(): Promise<void> {}

  /** The Prisma Client is the app's: it disconnects it, not the adapter. */
  async destroy(): Promise<void> {}
}

/** The reason handed to Prisma to roll an interactive transaction back. */
class RolledBack extends Error {
  constructor() {
    super("Gatehouse rolled the transaction back");
  }
}
