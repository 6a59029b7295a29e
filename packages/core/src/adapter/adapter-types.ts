import type { Row, Schema } from "../schema/schema-types.js";

/** Comparison operators an adapter supports. String operators match case-insensitively. */
export type WhereOperator =
  | "eq"
  | "ne"
  | "lt"
  | "lte"
  | "gt"
  | "gte"
  | "in"
  | "not_in"
  | "contains"
  | "starts_with"
  | "ends_with";

/** `field operator value`. `eq`/`ne` with `null` mean IS NULL / IS NOT NULL. `in` takes an array. */
export interface WhereCondition {
  field: string;
  operator?: WhereOperator;
  value: unknown;
}

/** A where clause is a list joined by AND; `{ or: [...] }` and `{ and: [...] }` are explicit groups. */
export type Where = WhereCondition | { or: Where[] } | { and: Where[] };

/** Many-to-one join: `row[localField] = model.foreignField`, attached as `row[as]` (null when absent). */
export interface Join {
  model: string;
  localField: string;
  foreignField: string;
  as: string;
  /** The joined row's fields to return (default: all). Fewer columns per row on wide joins. */
  select?: string[];
}

/** One sort column. Adapters break ties on `id` in the same direction, so every sort is a total order. */
export interface SortBy {
  field: string;
  direction: "asc" | "desc";
}

export interface FindOneArgs {
  model: string;
  where: Where[];
  select?: string[];
  join?: Join[];
  /**
   * Inside a transaction, lock the found row until the transaction ends (`SELECT … FOR UPDATE`): other
   * transactions that lock or write it wait, so check-then-write sequences guarded by one lock run one
   * after another. Not combinable with `join`. On MySQL/MariaDB (REPEATABLE READ) take the lock before
   * any other read of the transaction: plain reads see the snapshot taken by the transaction's first one.
   */
  forUpdate?: boolean;
}

export interface FindManyArgs {
  model: string;
  where?: Where[];
  select?: string[];
  join?: Join[];
  sortBy?: SortBy;
  limit?: number;
  offset?: number;
}

export interface UpdateArgs {
  model: string;
  where: Where[];
  update: Record<string, unknown>;
  /** Atomic `field = field + n` for number fields, in the same statement as `update`. */
  increment?: Record<string, number>;
}

/**
 * The storage contract every database adapter implements. Values in and out are JS values
 * (Date, boolean, number, parsed JSON); the adapter converts to and from its column types.
 * Unknown models or fields throw `AdapterError`; unique violations throw `UniqueConstraintError`.
 */
export interface Adapter {
  readonly id: string;
  create<T = Row>(args: { model: string; data: Record<string, unknown> & { id: string } }): Promise<T>;
  findOne<T = Row>(args: FindOneArgs): Promise<T | null>;
  findMany<T = Row>(args: FindManyArgs): Promise<T[]>;
  /**
   * How many rows match. With `limit`, the count stops there (answers at most `limit`), so a total shown
   * past a size costs a bounded read (the adapter conformance suite checks it; callers still treat an
   * answer above `limit` as "at least `limit`", for adapters written before it).
   */
  count(args: { model: string; where?: Where[]; limit?: number }): Promise<number>;
  /**
   * The database's own estimate of `count(args)` without counting (PostgreSQL: the planner's row
   * estimate from its statistics), or null when it has none. For totals shown on a page past a size
   * where an exact count reads a whole table or index; never for decisions.
   */
  estimateCount?(args: { model: string; where?: Where[] }): Promise<number | null>;
  /** Updates the rows matching `where` (meant to be one) and returns one of them, or null. */
  update<T = Row>(args: UpdateArgs): Promise<T | null>;
  /** Returns how many rows changed. */
  updateMany(args: UpdateArgs): Promise<number>;
  delete(args: { model: string; where: Where[] }): Promise<void>;
  /** Returns how many rows were deleted. */
  deleteMany(args: { model: string; where: Where[] }): Promise<number>;
  /** Runs `fn` atomically: all its writes land or none do. Nested calls reuse the transaction. */
  transaction<R>(fn: (tx: Adapter) => Promise<R>): Promise<R>;
  /** Creates missing tables, columns and indexes (with `dryRun`, only lists them). Never drops anything. */
  migrate?(options?: { dryRun?: boolean }): Promise<MigrationResult>;
  /**
   * The tables and columns of the schema the database lacks (empty lists when it has them all). Read
   * once by `auth.ready()` so a missing migration fails at start-up, not as a 500 on the first request.
   */
  findSchemaGap?(): Promise<SchemaGap>;
  /** Releases connections the adapter opened itself. */
  close?(): Promise<void>;
  /**
   * One cheap round trip (`select 1`) for the readiness check: resolves when the database answers,
   * rejects (with `DatabaseUnavailableError` when it cannot be reached) when it does not.
   */
  ping?(): Promise<void>;
}

/** What `migrate()` did (or, for a dry run, would do). */
export interface MigrationResult {
  statements: string[];
}

/** What the database lacks compared with the schema: `findSchemaGap()`'s answer. */
export interface SchemaGap {
  /** Tables that do not exist (by table name). */
  tables: string[];
  /** Columns missing from tables that do exist. */
  columns: { table: string; column: string }[];
}

/** What an adapter factory receives from `createAuth`. */
export interface AdapterContext {
  schema: Schema;
  /** The app's logger, for what the adapter reports on its own (a database outage, once). */
  logger?: { error(message: string, ...details: unknown[]): void; warn(message: string, ...details: unknown[]): void };
}

/** `database` option value: builds the adapter once the composed schema is known. */
export type AdapterFactory = (ctx: AdapterContext) => Adapter;
