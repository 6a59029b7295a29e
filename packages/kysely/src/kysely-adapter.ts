import { AdapterError, UniqueConstraintError } from "@gatehouse-auth/core";
import type { Adapter, AdapterFactory, FieldType, FindManyArgs, Row, Schema, UpdateArgs } from "@gatehouse-auth/core";
import { CompiledQuery, sql } from "./kysely-runtime.js";
import { buildWhere, whereShape } from "./build-where.js";
import { decodeValue, encodeValue } from "./column-codec.js";
import { connect } from "./connect.js";
import type { DatabaseWatch } from "./database-watch.js";
import type { AnyKysely, KyselyAdapterConfig } from "./connect.js";
import type { SqlDialect } from "./dialect.js";
import { findSchemaGap } from "./migrations/find-schema-gap.js";
import { runMigrations } from "./migrations/run-migrations.js";
import { createModelMap } from "./model-map.js";
import type { ModelInfo, ModelMap } from "./model-map.js";
import { compileArrayRowDecoder, compileRowDecoder } from "./row-decoder.js";
import type { ArrayRowDecoder, RowDecoder } from "./row-decoder.js";
import type { DirectReader } from "./sqlite-direct-reader.js";
import { isUniqueViolation } from "./unique-violation.js";

/**
 * The Gatehouse adapter for SQLite (better-sqlite3), PostgreSQL (pg) and MySQL/MariaDB (mysql2).
 *
 * ```ts
 * kyselyAdapter({ database: new Database("auth.db") })
 * kyselyAdapter({ database: new pg.Pool({ connectionString }) })
 * kyselyAdapter({ db: myKysely, dialect: "postgres" })
 * ```
 */
export function kyselyAdapter(config: KyselyAdapterConfig): AdapterFactory {
  return ({ schema, logger }) => {
    const connection = connect(config);
    const { db, watch } = connection;
    if (logger) watch.useLogger(logger);
    const models = createModelMap(schema);
    const adapter = bind(db, connection.dialect, models, schema, false, new Map(), connection.direct, watch);
    const bound: Adapter = {
      ...adapter,
      close: connection.close,
      async ping() {
        await sql`select 1`.execute(db);
      },
    };
    // A Kysely instance the app made runs on its own driver: its failures are mapped here instead.
    return connection.guarded ? bound : mapFailures(bound, watch);
  };
}

// Joined columns come back as "<as>__<field>" in the same row: one query, no N+1.
const SEP = "__";

/** A select as findOne or findMany asks for it (only findOne may lock). */
type SelectArgs = FindManyArgs & { forUpdate?: boolean };

const MAX_CACHED_SHAPES = 1000;

/** What a select shape compiles to, once: its SQL (null when its parameters could not be predicted) and row decoder. */
interface CompiledSelect {
  text: string | null;
  decode: RowDecoder;
  /** Compiles the decoder for rows read as arrays with these result columns (null: some are missing). */
  arrayDecoder: (columns: readonly string[]) => ArrayRowDecoder | null;
  /** The last array decoder and the columns it was compiled for (the direct reader's, by identity). */
  decodeArray?: { columns: readonly string[]; decode: ArrayRowDecoder | null };
}

function bind(
  db: AnyKysely,
  dialect: SqlDialect,
  models: ModelMap,
  schema: Schema,
  inTransaction: boolean,
  /** Query shape → its compiled SQL and row decoder. */
  compiled: Map<string, CompiledSelect>,
  /** SQLite's reader around Kysely; only ever used outside transactions. */
  direct?: DirectReader,
  /** Maps the direct reader's failures (SQLITE_BUSY), which bypass Kysely's guarded driver. */
  watch?: DatabaseWatch,
): Adapter {
  /**
   * One selected column. MySQL dates are read as text: mysql2 would otherwise turn them into Dates
   * with the pool's time zone setting, which the adapter does not control (see mysql-datetime.ts).
   */
  function column(table: string, field: string, type: FieldType, alias: string) {
    const ref = sql.ref(`${table}.${field}`);
    return (dialect === "mysql" && type === "date" ? sql`cast(${ref} as char)` : ref).as(alias);
  }

  function decodeRow(info: ModelInfo, raw: Record<string, unknown>, fields?: string[]): Row {
    const row: Record<string, unknown> = {};
    for (const field of fields ?? info.fields.keys())
      row[field] = decodeValue(raw[field], models.field(info, field), dialect);
    return row as Row;
  }

  function encodeData(info: ModelInfo, data: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(data)) {
      if (value === undefined) continue;
      out[field] = encodeValue(value, models.field(info, field), dialect);
    }
    return out;
  }

  async function guard<T>(model: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (isUniqueViolation(err)) throw new UniqueConstraintError(model, err);
      throw err;
    }
  }

  /** Validates a select and prepares its decoder; the Kysely query itself is built only when needed. */
  function prepareSelect(args: SelectArgs, pinned: readonly string[] = NONE) {
    const info = models.get(args.model);
    // PostgreSQL refuses FOR UPDATE on the nullable side of an outer join; locks are for single rows.
    if (args.forUpdate && args.join?.length) throw new AdapterError("forUpdate cannot be combined with join");
    const fields = args.select ?? [...info.fields.keys()];
    for (const f of fields) models.field(info, f);
    if (args.sortBy) models.field(info, args.sortBy.field);
    const joins = (args.join ?? []).map((join, i) => {
      const target = models.get(join.model);
      models.field(info, join.localField);
      models.field(target, join.foreignField);
      for (const f of join.select ?? []) models.field(target, f);
      // The id rides along whatever is selected: it tells a missing target (null) from a present one.
      const selected = join.select ? [...new Set(["id", ...join.select])] : [...target.fields.keys()];
      return { join, info: target, alias: `j${i}_${target.table}`, selected };
    });

    const build = () => {
      // biome-ignore lint/suspicious/noExplicitAny: dynamic table names.
      let q: any = db.selectFrom(info.table).where(buildWhere(args.where, info, models, dialect));
      const columns = fields
        .filter((f) => !pinned.includes(f))
        .map((f) => column(info.table, f, models.field(info, f), f));
      for (const { join, info: target, alias, selected } of joins) {
        q = q.leftJoin(
          `${target.table} as ${alias}`,
          `${alias}.${join.foreignField}`,
          `${info.table}.${join.localField}`,
        );
        for (const f of selected) columns.push(column(alias, f, models.field(target, f), `${join.as}${SEP}${f}`));
      }
      q = q.select(columns);
      if (args.sortBy) {
        const direction = args.sortBy.direction === "desc" ? "desc" : "asc";
        q = q.orderBy(`${info.table}.${args.sortBy.field}`, direction);
        // Ties break on the id, the same way: a total order, so keyset and offset pages never skip or repeat a row.
        if (args.sortBy.field !== "id" && info.fields.has("id")) q = q.orderBy(`${info.table}.id`, direction);
      }
      const count = (n: number) => (inlineCount(dialect, n) ? sql.lit(n) : n);
      if (args.limit !== undefined) q = q.limit(count(args.limit));
      if (args.offset !== undefined) {
        // MySQL and SQLite need a LIMIT before OFFSET ("none" is -1 on SQLite); PostgreSQL takes OFFSET
        // alone and refuses a negative LIMIT.
        if (args.limit === undefined && dialect !== "postgres")
          q = q.limit(dialect === "mysql" ? Number.MAX_SAFE_INTEGER : sql.lit(-1));
        q = q.offset(count(args.offset));
      }
      // SQLite has no row locks: its transactions on the adapter's one connection already run one at a time.
      if (args.forUpdate && dialect !== "sqlite") q = q.forUpdate();
      return q as { compile(): CompiledQuery; execute(): Promise<Record<string, unknown>[]> };
    };

    // Compiled once per shape (it generates code), not on every run of a shape that is rebuilt each time.
    const decodedFields = fields.map((f) => {
      const at = pinned.indexOf(f);
      return { name: f, column: f, type: models.field(info, f), ...(at >= 0 ? { pinned: at } : {}) };
    });
    const decodedJoins = joins.map(({ join, info: target, selected }) => ({
      as: join.as,
      idColumn: `${join.as}${SEP}id`,
      fields: (join.select ?? selected).map((f) => ({
        name: f,
        column: `${join.as}${SEP}${f}`,
        type: models.field(target, f),
      })),
    }));
    const compileDecoder = () => compileRowDecoder(decodedFields, decodedJoins, dialect);
    const arrayDecoder = (columns: readonly string[]) =>
      compileArrayRowDecoder(decodedFields, decodedJoins, dialect, columns);
    return { build, compileDecoder, arrayDecoder };
  }

  /**
   * Runs a select, reusing the SQL compiled for the same shape before: building and compiling the
   * query through Kysely cost more than running it on the hot path. Parameters are computed directly;
   * the first run of each shape checks them against Kysely's, and a mismatch disables the shortcut.
   */
  async function runSelect(args: SelectArgs): Promise<Row[]> {
    const info = models.get(args.model);
    const params: unknown[] = [];
    const wherePart = whereShape(args.where, info, models, dialect, params);
    const pins = dialect === "sqlite" ? pinnedStrings(args, info) : undefined;
    const pinned = pins ? pins.map(([f]) => f) : NONE;
    const pinnedValues = pins ? pins.map(([, v]) => v) : NONE;
    const inlineLimit = args.limit !== undefined && inlineCount(dialect, args.limit);
    const inlineOffset = args.offset !== undefined && inlineCount(dialect, args.offset);
    if (args.limit !== undefined) {
      if (!inlineLimit) params.push(args.limit);
    } else if (args.offset !== undefined && dialect === "mysql") params.push(Number.MAX_SAFE_INTEGER);
    if (args.offset !== undefined && !inlineOffset) params.push(args.offset);
    const key = [
      args.model,
      wherePart,
      args.select?.join(",") ?? "*",
      (args.join ?? [])
        .map((j) => `${j.model}.${j.foreignField}=${j.localField}>${j.as}[${j.select?.join(",") ?? "*"}]`)
        .join(","),
      args.sortBy ? `${args.sortBy.field}:${args.sortBy.direction}` : "",
      args.limit !== undefined ? (inlineLimit ? `l=${args.limit}` : "l") : "",
      args.offset !== undefined ? (inlineOffset ? `o=${args.offset}` : "o") : "",
      args.forUpdate ? "u" : "",
      pinned.join(","),
    ].join("/");
    // A shape seen before had its names validated when it was first prepared: the key holds them all.
    let shape = compiled.get(key);
    if (shape === undefined) {
      const { build, compileDecoder, arrayDecoder } = prepareSelect(args, pinned);
      const query = build().compile();
      const same =
        query.parameters.length === params.length && query.parameters.every((p, i) => sameParam(p, params[i]));
      shape = { text: same ? query.sql : null, decode: compileDecoder(), arrayDecoder };
      if (compiled.size >= MAX_CACHED_SHAPES) compiled.clear();
      compiled.set(key, shape);
    }
    if (shape.text !== null && direct && !inTransaction) {
      let read: ReturnType<DirectReader["read"]>;
      try {
        read = direct.read(shape.text, params);
      } catch (error) {
        throw watch ? watch.fail(error) : error;
      }
      if (read) {
        if (shape.decodeArray?.columns !== read.columns)
          shape.decodeArray = { columns: read.columns, decode: shape.arrayDecoder(read.columns) };
        const decode = shape.decodeArray.decode ?? byName(read.columns, shape.decode);
        const out: Row[] = new Array(read.rows.length);
        for (let i = 0; i < read.rows.length; i++) out[i] = decode(read.rows[i] as unknown[], pinnedValues);
        return out;
      }
    }
    const rows = shape.text
      ? (await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(shape.text, params))).rows
      : await prepareSelect(args, pinned).build().execute();
    const out: Row[] = new Array(rows.length);
    for (let i = 0; i < rows.length; i++) out[i] = shape.decode(rows[i] as Record<string, unknown>, pinnedValues);
    return out;
  }

  async function findById(info: ModelInfo, id: unknown): Promise<Row | null> {
    const columns = [...info.fields].map(([f, type]) => column(info.table, f, type, f));
    const raw = await db.selectFrom(info.table).select(columns).where("id", "=", id).executeTakeFirst();
    return raw ? decodeRow(info, raw) : null;
  }

  function setClause(info: ModelInfo, args: UpdateArgs) {
    const set: Record<string, unknown> = encodeData(info, args.update);
    for (const [field, by] of Object.entries(args.increment ?? {})) {
      if (models.field(info, field) !== "number")
        throw new AdapterError(`Cannot increment non-number field "${field}"`);
      if (!Number.isFinite(by)) throw new AdapterError(`Increment of "${field}" must be a finite number`);
      set[field] = sql`${sql.ref(field)} + ${by}`;
    }
    return set;
  }

  const self: Adapter = {
    id: "kysely",
    async create({ model, data }) {
      const info = models.get(model);
      const values = encodeData(info, data);
      return guard(model, async () => {
        if (dialect === "mysql") {
          await db.insertInto(info.table).values(values).execute();
          return (await findById(info, data.id)) as never;
        }
        const raw = await db.insertInto(info.table).values(values).returningAll().executeTakeFirstOrThrow();
        return decodeRow(info, raw) as never;
      });
    },
    async findOne(args) {
      // `{ ...{}, ...args }`, not `{ ...args, limit }`: on Node 20's V8 a spread copy of a non-empty
      // object followed by a new property makes a new hidden class per call, kept in the old generation
      // until a full collection (~20 MB of RSS under get-session; see core's handle-request.ts, issue 19).
      const [row] = await runSelect({ ...{}, ...args, limit: 1 });
      return (row ?? null) as never;
    },
    async findMany(args) {
      return (await runSelect(args)) as never;
    },
    async count({ model, where, limit }) {
      const info = models.get(model);
      if (limit !== undefined) {
        // Counting stops at `limit` rows: a subquery that reads at most that many.
        const rows = db
          .selectFrom(info.table)
          .select(sql`1`.as("x"))
          .where(buildWhere(where, info, models, dialect))
          .limit(Math.max(0, Math.floor(limit)));
        const raw = await db
          .selectFrom(rows.as("bounded"))
          .select(sql<number | string>`count(*)`.as("n"))
          .executeTakeFirst();
        return Number(raw?.n ?? 0);
      }
      const raw = await db
        .selectFrom(info.table)
        .select(sql<number | string>`count(*)`.as("n"))
        .where(buildWhere(where, info, models, dialect))
        .executeTakeFirst();
      return Number(raw?.n ?? 0);
    },
    async estimateCount({ model, where }) {
      // PostgreSQL only: its planner keeps row counts and column statistics (ANALYZE, autovacuum), so an
      // estimate costs a catalog read or a plan. SQLite and MariaDB answer null and the caller counts.
      if (dialect !== "postgres") return null;
      const info = models.get(model);
      if (!where || where.length === 0) {
        // -1 until the table was first analyzed (PostgreSQL 14+): no estimate then.
        const found = await sql<{
          n: number | string | null;
        }>`select reltuples as n from pg_class where oid = to_regclass(${quoteIdent(info.table)})`.execute(db);
        const n = Number(found.rows[0]?.n ?? -1);
        return n >= 0 ? Math.round(n) : null;
      }
      const query = db
        .selectFrom(info.table)
        .select(sql`1`.as("x"))
        .where(buildWhere(where, info, models, dialect))
        .compile();
      const plan = await db.executeQuery<{ "QUERY PLAN": unknown }>(
        CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
      );
      const rows = planRows(plan.rows[0]?.["QUERY PLAN"]);
      return rows === null ? null : Math.round(rows);
    },
    async update(args) {
      const info = models.get(args.model);
      const set = setClause(info, args);
      const where = buildWhere(args.where, info, models, dialect);
      return guard(args.model, async () => {
        // The target is resolved first: `where` may test the very fields being changed.
        const target = await db.selectFrom(info.table).select("id").where(where).limit(1).executeTakeFirst();
        if (!target) return null;
        if (Object.keys(set).length > 0) {
          // Re-checking `where` makes the write conditional: a row changed in between is left alone.
          const result = await db
            .updateTable(info.table)
            .set(set)
            .where("id", "=", target.id)
            .where(where)
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) === 0) return null;
        }
        return (await findById(info, target.id)) as never;
      });
    },
    async updateMany(args) {
      const info = models.get(args.model);
      const set = setClause(info, args);
      const where = buildWhere(args.where, info, models, dialect);
      if (Object.keys(set).length === 0) return self.count({ model: args.model, where: args.where });
      return guard(args.model, async () => {
        const result = await db.updateTable(info.table).set(set).where(where).executeTakeFirst();
        return Number(result.numUpdatedRows);
      });
    },
    async delete(args) {
      await self.deleteMany(args);
    },
    async deleteMany({ model, where }) {
      const info = models.get(model);
      const result = await db
        .deleteFrom(info.table)
        .where(buildWhere(where, info, models, dialect))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async transaction(fn) {
      if (inTransaction) return fn(self);
      return db.transaction().execute((trx) => fn(bind(trx, dialect, models, schema, true, compiled)));
    },
    async migrate(options) {
      return runMigrations(db, dialect, schema, options);
    },
    // Introspection reads catalogue tables outside the mapped queries: a lock or an outage met by the
    // start-up check must be the same 503 as a request's, not a 500.
    async findSchemaGap() {
      try {
        return await findSchemaGap(db, dialect, schema);
      } catch (error) {
        throw watch ? watch.fail(error) : error;
      }
    },
  };
  return self;
}

/**
 * Whether a LIMIT or OFFSET count is written into the SQL rather than bound. SQLite lets its planner use
 * a bound LIMIT value, so every new binding expires the plan and each run re-prepares the statement:
 * a session lookup (`limit ?`) cost ten times the lookup itself. Counts are non-negative integers, safe
 * to inline; each distinct one is its own cached statement (findOne's `limit 1` is the common one).
 */
function inlineCount(dialect: SqlDialect, n: number): boolean {
  return dialect === "sqlite" && Number.isSafeInteger(n) && n >= 0;
}

const NONE: readonly never[] = [];

/** Every method of `adapter` with connection failures mapped by `watch` (for a Kysely instance the app passed). */
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
          throw watch.fail(error);
        },
      );
  }
  return out as unknown as Adapter;
}

/**
 * SQLite: the selected string fields that a top-level `field = 'text'` condition pins, with their
 * values, in select order. Every row found holds exactly that text there (SQLite compares TEXT byte for
 * byte), so the adapter does not read the column back: an organization's 51 members and 60
 * invitations carry its id 111 times, and reading a value costs more than anything else per row.
 * Not on PostgreSQL or MySQL, where collations may match text that differs (case, trailing spaces).
 */
function pinnedStrings(args: SelectArgs, info: ModelInfo): [string, string][] | undefined {
  let pins: [string, string][] | undefined;
  for (const w of args.where ?? []) {
    if ("or" in w || "and" in w) continue;
    if ((w.operator ?? "eq") !== "eq" || typeof w.value !== "string") continue;
    if (info.fields.get(w.field) !== "string" || (args.select && !args.select.includes(w.field))) continue;
    if (pins?.some(([f]) => f === w.field)) continue;
    pins ??= [];
    pins.push([w.field, w.value]);
  }
  if (!pins) return undefined;
  // A select must still name a column of its own.
  if (pins.length >= (args.select ? new Set(args.select).size : info.fields.size)) return undefined;
  if (pins.length === 1) return pins;
  const order = args.select ?? [...info.fields.keys()];
  return pins.sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
}

/** Decodes array rows through the by-name decoder (a column the array decoder needs is missing: never expected). */
function byName(columns: readonly string[], decode: RowDecoder): ArrayRowDecoder {
  return (raw, pinned) => {
    const named: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i++) named[columns[i] as string] = raw[i];
    return decode(named, pinned);
  };
}

function sameParam(a: unknown, b: unknown): boolean {
  return a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;
}

/** `"name"` for a regclass lookup, quotes doubled (table names come from the schema, never from a request). */
const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The top plan node's row estimate from `explain (format json)` (pg answers it parsed or as text). */
function planRows(plan: unknown): number | null {
  const parsed = typeof plan === "string" ? (JSON.parse(plan) as unknown) : plan;
  const rows = (parsed as { Plan?: { "Plan Rows"?: unknown } }[] | undefined)?.[0]?.Plan?.["Plan Rows"];
  return typeof rows === "number" && Number.isFinite(rows) ? rows : null;
}
