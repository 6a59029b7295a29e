import {
  AdapterError,
  UniqueConstraintError,
  describeDatabase,
  isUniqueViolation,
  watchDatabase,
} from "@gatehouse-auth/core";
import type {
  Adapter,
  AdapterFactory,
  DatabaseWatch,
  FindManyArgs,
  Row,
  SchemaGap,
  UpdateArgs,
} from "@gatehouse-auth/core";
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { Column, Table } from "drizzle-orm";
import { alias as mysqlAlias } from "drizzle-orm/mysql-core";
import { alias as pgAlias } from "drizzle-orm/pg-core";
import { alias as sqliteAlias } from "drizzle-orm/sqlite-core";
import { buildWhere, whereShape } from "./build-where.js";
import type { Placeholders } from "./build-where.js";
import { PROVIDERS, dialectOf } from "./provider.js";
import type { DrizzleProvider } from "./provider.js";
import { createSqliteGate } from "./sqlite-gate.js";
import type { SqliteGate } from "./sqlite-gate.js";
import { SCHEMA_FIX, createTableMap } from "./table-map.js";
import type { ModelTable, TableMap } from "./table-map.js";
import { fromColumn, toColumn } from "./value-codec.js";

export interface DrizzleAdapterOptions {
  /** The database behind the Drizzle instance: "sqlite" (better-sqlite3), "pg" (node-postgres, postgres.js), "mysql" (mysql2, MySQL and MariaDB). */
  provider: DrizzleProvider;
  /**
   * The app's Drizzle schema module (`import * as schema from "./db/schema"`): it must hold the tables
   * `npx gatehouse-auth generate --orm drizzle` writes. Other exports (the app's own tables, relations) are ignored.
   */
  schema: Record<string, unknown>;
}

/**
 * The Gatehouse adapter over the app's own Drizzle instance: Gatehouse's tables live in the app's schema
 * and migrations (drizzle-kit), and its queries run on the app's connection.
 *
 * ```ts
 * import * as schema from "./db/schema";
 * const db = drizzle(pool, { schema });
 * createAuth({ database: drizzleAdapter(db, { provider: "pg", schema }) });
 * ```
 */
export function drizzleAdapter(db: object, options: DrizzleAdapterOptions): AdapterFactory {
  const { provider } = options;
  if (!PROVIDERS.includes(provider))
    throw new TypeError(`drizzleAdapter: provider must be "sqlite", "pg" or "mysql" (got ${JSON.stringify(provider)})`);
  if (!db || typeof (db as { select?: unknown }).select !== "function")
    throw new TypeError("drizzleAdapter: the first argument must be a Drizzle database (drizzle(...)'s result)");
  if (!options.schema || typeof options.schema !== "object")
    throw new TypeError("drizzleAdapter: `schema` must be the Drizzle schema module holding Gatehouse's tables");
  return ({ schema, logger }) => {
    const client = (db as { $client?: unknown }).$client;
    const watch = watchDatabase(
      typeof client === "object" && client !== null ? client : db,
      client ? describeDatabase(client, dialectOf(provider)) : `the ${provider} database of the Drizzle instance given`,
    );
    if (logger) watch.useLogger(logger);
    const tables = createTableMap(schema, options.schema);
    const gate = provider === "sqlite" ? createSqliteGate() : undefined;
    const adapter = bind(db as Db, provider, tables, false, new Map(), gate);
    return mapFailures(
      {
        ...adapter,
        async ping() {
          if (provider === "sqlite") await (db as Db).get(sql`select 1`);
          else await (db as Db).execute(sql`select 1`);
        },
        async findSchemaGap(): Promise<SchemaGap> {
          // The tables come from the app's schema module, created by drizzle-kit: a table the module lacks
          // is fixed by generating it, not by `gatehouse-auth migrate`, so it is said here in those words.
          const gap = tables.gap();
          if (gap.tables.length > 0 || gap.columns.length > 0) {
            const missing = [
              ...gap.tables.map((t) => `table ${t}`),
              ...gap.columns.map((c) => `column ${c.table}.${c.column}`),
            ].join(", ");
            throw new AdapterError(
              `Gatehouse: the Drizzle schema given to drizzleAdapter lacks ${missing}. ${SCHEMA_FIX}.`,
            );
          }
          return gap;
        },
      },
      watch,
    );
  };
}

// biome-ignore lint/suspicious/noExplicitAny: one code path over the three Drizzle dialects, typed by the schema at run time.
type Db = any;

// Joined columns come back as "<as>__<field>" in the same row: one query, no N+1.

const aliases = new WeakMap<Table, Map<string, Record<string, Column>>>();
const SEP = "__";

type SelectArgs = FindManyArgs & { forUpdate?: boolean };

/** How many rows a write changed, from each driver's result shape. */
function changedRows(result: unknown, provider: DrizzleProvider): number {
  if (provider === "sqlite") return Number((result as { changes?: number }).changes ?? 0);
  if (provider === "mysql") {
    const header = Array.isArray(result) ? result[0] : result;
    return Number((header as { affectedRows?: number }).affectedRows ?? 0);
  }
  // node-postgres: rowCount; postgres.js: count.
  const r = result as { rowCount?: number | null; count?: number };
  return Number(r.rowCount ?? r.count ?? 0);
}

/** A select shape's prepared statement and row decoder. */
interface PreparedShape {
  prepared: Db;
  decode: (raw: Record<string, unknown>) => Row;
}

const MAX_SHAPES = 1000;
let statementCount = 0;

function bind(
  db: Db,
  provider: DrizzleProvider,
  tables: TableMap,
  inTransaction: boolean,
  /** Select shape → its prepared statement, shared by the adapter and its SQLite transactions. */
  statements: Map<string, PreparedShape>,
  gate?: SqliteGate,
): Adapter {
  // Each dialect aliases its own table class; the adapter only ever aliases tables of `provider`.
  const alias = (provider === "pg" ? pgAlias : provider === "mysql" ? mysqlAlias : sqliteAlias) as (
    table: Table,
    name: string,
  ) => unknown;
  /** Outside a transaction on SQLite, waits for an open transaction to end before using the connection. */
  const ready = gate && !inTransaction ? () => (gate.held ? gate.free() : undefined) : () => undefined;

  /** A join's aliased table, made once per table and name (drizzle's alias() builds proxies each call). */
  function aliasOf(table: Table, name: string): Record<string, Column> {
    let byName = aliases.get(table);
    if (!byName) {
      byName = new Map();
      aliases.set(table, byName);
    }
    let aliased = byName.get(name);
    if (!aliased) {
      aliased = alias(table, name) as Record<string, Column>;
      byName.set(name, aliased);
    }
    return aliased;
  }

  function decodeRow(info: ModelTable, raw: Record<string, unknown>, fields?: string[]): Row {
    const row: Record<string, unknown> = {};
    for (const field of fields ?? info.fields.keys()) {
      row[field] = fromColumn(raw[field], tables.field(info, field));
    }
    return row as Row;
  }

  function encodeData(info: ModelTable, data: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(data)) {
      if (value === undefined) continue;
      const column = tables.field(info, field);
      out[column.key] = toColumn(value, column);
    }
    return out;
  }

  async function guard<T>(model: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (isUniqueViolation(driverError(error))) throw new UniqueConstraintError(model, driverError(error));
      throw error;
    }
  }

  async function findById(info: ModelTable, id: unknown): Promise<Row | null> {
    const idColumn = tables.field(info, "id").column;
    const [raw] = await db.select(info.selection).from(info.table).where(eq(idColumn, id)).limit(1);
    return raw ? decodeRow(info, raw) : null;
  }

  /** Validates a select and builds its Drizzle query (values, or placeholders with `slots`) and row decoder. */
  function buildSelect(args: SelectArgs, slots?: Placeholders) {
    const info = tables.get(args.model);
    // PostgreSQL refuses FOR UPDATE on the nullable side of an outer join; locks are for single rows.
    if (args.forUpdate && args.join?.length) throw new AdapterError("forUpdate cannot be combined with join");
    const fields = args.select ?? [...info.fields.keys()];
    const selection: Record<string, Column> = {};
    for (const f of fields) selection[f] = tables.field(info, f).column;
    const sortColumn = args.sortBy ? tables.field(info, args.sortBy.field).column : undefined;
    const joins = (args.join ?? []).map((join, i) => {
      const target = tables.get(join.model);
      const local = tables.field(info, join.localField);
      const foreign = tables.field(target, join.foreignField);
      for (const f of join.select ?? []) tables.field(target, f);
      // The id rides along whatever is selected: it tells a missing target (null) from a present one.
      const selected = join.select ? [...new Set(["id", ...join.select])] : [...target.fields.keys()];
      const aliased = aliasOf(target.table, `j${i}_${target.name}`);
      for (const f of selected) selection[`${join.as}${SEP}${f}`] = aliased[tables.field(target, f).key] as Column;
      return { join, target, aliased, local, foreign, selected };
    });
    const where = buildWhere(args.where, info, tables, provider, slots);
    let q = db.select(selection).from(info.table);
    for (const { aliased, local, foreign } of joins)
      q = q.leftJoin(aliased as unknown as Table, eq(aliased[foreign.key] as Column, local.column));
    q = q.where(where);
    if (sortColumn) q = q.orderBy(args.sortBy?.direction === "desc" ? desc(sortColumn) : asc(sortColumn));
    // SQLite's planner uses a bound LIMIT's value, so each run of a statement with `limit ?` re-prepares
    // it (a session lookup cost several times the lookup): there, counts are written into the SQL. They
    // are non-negative integers (safe to inline), and part of the statement's shape key.
    const count = (n: number) => (provider === "sqlite" && Number.isSafeInteger(n) && n >= 0 ? sql.raw(String(n)) : n);
    if (args.limit !== undefined) q = q.limit(count(args.limit));
    if (args.offset !== undefined) {
      // MySQL and SQLite need a LIMIT before OFFSET (SQLite's "none" is -1); PostgreSQL takes OFFSET alone.
      if (args.limit === undefined && provider !== "pg")
        q = q.limit(provider === "mysql" ? Number.MAX_SAFE_INTEGER : sql.raw("-1"));
      q = q.offset(count(args.offset));
    }
    // SQLite has no row locks: its transactions hold the adapter's one connection (sqlite-gate.ts) already.
    if (args.forUpdate && provider !== "sqlite") q = q.for("update");
    const decode = (raw: Record<string, unknown>): Row => {
      const row = decodeRow(info, raw, fields);
      for (const { join, target, selected } of joins) {
        if (raw[`${join.as}${SEP}id`] == null) {
          (row as Record<string, unknown>)[join.as] = null;
          continue;
        }
        const joined: Record<string, unknown> = {};
        for (const f of join.select ?? selected)
          joined[f] = fromColumn(raw[`${join.as}${SEP}${f}`], tables.field(target, f));
        (row as Record<string, unknown>)[join.as] = joined;
      }
      return row;
    };
    return { query: q, decode };
  }

  /**
   * Runs a select. Outside a transaction (and in SQLite's, on the same connection) a shape seen before
   * runs as the statement Drizzle prepared for it the first time: building and compiling the query,
   * and better-sqlite3 preparing it, cost many times the lookup itself (get-session's, on every request).
   */
  async function runSelect(args: SelectArgs): Promise<Row[]> {
    if (inTransaction && provider !== "sqlite") {
      const { query, decode } = buildSelect(args);
      return ((await query) as Record<string, unknown>[]).map(decode);
    }
    const info = tables.get(args.model);
    const params: unknown[] = [];
    const key = [
      args.model,
      whereShape(args.where, info, tables, provider, params),
      args.select?.join(",") ?? "*",
      (args.join ?? [])
        .map((j) => `${j.model}.${j.foreignField}=${j.localField}>${j.as}[${j.select?.join(",") ?? "*"}]`)
        .join(","),
      args.sortBy ? `${args.sortBy.field}:${args.sortBy.direction}` : "",
      args.limit ?? "",
      args.offset ?? "",
      args.forUpdate ? "u" : "",
    ].join("/");
    // A shape seen before had its names validated when it was first built: the key holds them all.
    let shape = statements.get(key);
    if (!shape) {
      let n = 0;
      const { query, decode } = buildSelect(args, { next: () => sql.placeholder(`p${n++}`) });
      // PostgreSQL statements are named per connection: one name per shape, unique in the process.
      shape = { prepared: query.prepare(provider === "pg" ? `gatehouse_${++statementCount}` : undefined), decode };
      if (statements.size >= MAX_SHAPES) statements.clear();
      statements.set(key, shape);
    }
    const values: Record<string, unknown> = {};
    for (let i = 0; i < params.length; i++) values[`p${i}`] = params[i];
    await ready();
    const rows = (provider === "sqlite" ? shape.prepared.all(values) : await shape.prepared.execute(values)) as Record<
      string,
      unknown
    >[];
    const out: Row[] = new Array(rows.length);
    for (let i = 0; i < rows.length; i++) out[i] = shape.decode(rows[i] as Record<string, unknown>);
    return out;
  }

  function setClause(info: ModelTable, args: UpdateArgs): Record<string, unknown> {
    const set = encodeData(info, args.update);
    for (const [field, by] of Object.entries(args.increment ?? {})) {
      const column = tables.field(info, field);
      if (column.type !== "number") throw new AdapterError(`Cannot increment non-number field "${field}"`);
      if (!Number.isFinite(by)) throw new AdapterError(`Increment of "${field}" must be a finite number`);
      set[column.key] = sql`${column.column} + ${by}`;
    }
    return set;
  }

  /** On SQLite outside a transaction, runs a statement sequence holding the connection (see sqlite-gate.ts). */
  const sequence = <T>(fn: () => Promise<T>): Promise<T> => (gate && !inTransaction ? gate.hold(fn) : fn());

  const self: Adapter = {
    id: "drizzle",
    async create({ model, data }) {
      const info = tables.get(model);
      const values = encodeData(info, data);
      return guard(model, async () => {
        if (provider === "mysql") {
          await db.insert(info.table).values(values);
          return (await findById(info, data.id)) as never;
        }
        await ready();
        const [raw] = await db.insert(info.table).values(values).returning(info.selection);
        return decodeRow(info, raw) as never;
      });
    },
    async findOne(args) {
      const [row] = await runSelect({ ...{}, ...args, limit: 1 });
      return (row ?? null) as never;
    },
    async findMany(args) {
      return (await runSelect(args)) as never;
    },
    async count({ model, where, limit }) {
      const info = tables.get(model);
      const condition = buildWhere(where, info, tables, provider);
      await ready();
      if (limit !== undefined) {
        // Counting stops at `limit` rows: a subquery that reads at most that many.
        const rows = db
          .select({ x: sql`1`.as("x") })
          .from(info.table)
          .where(condition)
          .limit(Math.max(0, Math.floor(limit)))
          .as("bounded");
        const [raw] = await db.select({ n: count() }).from(rows);
        return Number(raw?.n ?? 0);
      }
      const [raw] = await db.select({ n: count() }).from(info.table).where(condition);
      return Number(raw?.n ?? 0);
    },
    async update(args) {
      const info = tables.get(args.model);
      const set = setClause(info, args);
      const where = buildWhere(args.where, info, tables, provider);
      const idColumn = tables.field(info, "id").column;
      return guard(args.model, () =>
        sequence(async () => {
          // The target is resolved first: `where` may test the very fields being changed.
          const [target] = await db.select({ id: idColumn }).from(info.table).where(where).limit(1);
          if (!target) return null;
          if (Object.keys(set).length > 0) {
            // Re-checking `where` makes the write conditional: a row changed in between is left alone.
            const result = await db
              .update(info.table)
              .set(set)
              .where(and(eq(idColumn, target.id), where));
            if (changedRows(result, provider) === 0) return null;
          }
          return (await findById(info, target.id)) as never;
        }),
      );
    },
    async updateMany(args) {
      const info = tables.get(args.model);
      const set = setClause(info, args);
      if (Object.keys(set).length === 0) return self.count({ model: args.model, where: args.where });
      const where = buildWhere(args.where, info, tables, provider);
      return guard(args.model, async () => {
        await ready();
        return changedRows(await db.update(info.table).set(set).where(where), provider);
      });
    },
    async delete(args) {
      await self.deleteMany(args);
    },
    async deleteMany({ model, where }) {
      const info = tables.get(model);
      const condition = buildWhere(where, info, tables, provider);
      await ready();
      return changedRows(await db.delete(info.table).where(condition), provider);
    },
    async transaction(fn) {
      if (inTransaction) return fn(self);
      if (!gate) return db.transaction((tx: Db) => fn(bind(tx, provider, tables, true, statements)));
      // better-sqlite3: Drizzle's transaction would not wait for an async callback (see sqlite-gate.ts).
      return gate.hold(async () => {
        db.run(sql`begin immediate`);
        try {
          const result = await fn(bind(db, provider, tables, true, statements));
          db.run(sql`commit`);
          return result;
        } catch (error) {
          // A failed COMMIT (SQLITE_BUSY) leaves the transaction open; one SQLite already ended is no error.
          try {
            db.run(sql`rollback`);
          } catch {}
          throw error;
        }
      });
    },
  };
  return self;
}

/** The driver's own error inside Drizzle's DrizzleQueryError (whose message carries the query's parameters). */
function driverError(error: unknown): unknown {
  if (error instanceof Error && error.constructor.name === "DrizzleQueryError" && error.cause) return error.cause;
  return error;
}

/**
 * Every method of `adapter` with connection failures mapped to DatabaseUnavailableError, and Drizzle's
 * query errors unwrapped: their message lists the bound parameters (tokens, password hashes), which
 * must not reach a log line through a 500.
 */
function mapFailures(adapter: Adapter, watch: DatabaseWatch): Adapter {
  const out: Record<string, unknown> = { id: adapter.id };
  for (const [name, value] of Object.entries(adapter)) {
    if (typeof value !== "function") continue;
    out[name] = (...args: unknown[]) =>
      (value as (...a: unknown[]) => Promise<unknown>).apply(adapter, args).then(
        (result) => {
          watch.ok();
          return result;
        },
        (error: unknown) => {
          throw watch.fail(driverError(error));
        },
      );
  }
  return out as unknown as Adapter;
}
