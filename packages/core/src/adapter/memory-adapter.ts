import type { Schema } from "../schema/schema-types.js";
import type { Adapter, AdapterFactory, FindManyArgs, Join, UpdateArgs, Where, WhereOperator } from "./adapter-types.js";
import { AdapterError, UniqueConstraintError } from "./adapter-errors.js";
import { matchesWhere, whereFields } from "./where-matcher.js";

type Row = Record<string, unknown> & { id: string };
type Tables = Map<string, Row[]>;

function clone<T>(value: T): T {
  return structuredClone(value);
}

/**
 * Everything in process memory: for tests, prototypes and the plugin test kit. Same contract as the
 * SQL adapters, including unique constraints, errors on unknown fields and atomic transactions.
 * Transactions run one after another and roll back by restoring a snapshot; a write made outside a
 * transaction while one is open is lost if that transaction rolls back (single-process test use only).
 */
export function memoryAdapter(): AdapterFactory {
  return ({ schema }) => {
    const tables: Tables = new Map(Object.keys(schema).map((m) => [m, []]));
    // Transactions run one at a time; this chain is the queue.
    let lock: Promise<unknown> = Promise.resolve();
    const base = makeAdapter(schema, () => tables);
    return {
      ...base,
      async transaction(fn) {
        const run = lock.then(async () => {
          const snapshot = new Map([...tables].map(([k, rows]) => [k, rows.map(clone)]));
          const tx: Adapter = { ...base, transaction: (inner) => inner(tx) };
          try {
            return await fn(tx);
          } catch (err) {
            for (const [k, rows] of snapshot) tables.set(k, rows);
            throw err;
          }
        });
        lock = run.catch(() => undefined);
        return run;
      },
    };
  };
}

function makeAdapter(schema: Schema, getTables: () => Tables): Omit<Adapter, "transaction"> {
  for (const [model, def] of Object.entries(schema))
    for (const f of (def.uniqueIndexes ?? []).flat())
      if (f !== "id" && !(f in def.fields))
        throw new AdapterError(`Unique index on "${model}" names unknown field "${f}"`);
  for (const [model, def] of Object.entries(schema))
    for (const f of (def.indexes ?? []).flat())
      if (f !== "id" && !(f in def.fields)) throw new AdapterError(`Index on "${model}" names unknown field "${f}"`);
  function table(model: string): Row[] {
    const rows = getTables().get(model);
    if (!rows) throw new AdapterError(`Unknown model "${model}"`);
    return rows;
  }

  function checkFields(model: string, fields: Iterable<string>) {
    const def = schema[model];
    if (!def) throw new AdapterError(`Unknown model "${model}"`);
    for (const f of fields) {
      if (f !== "id" && !(f in def.fields)) throw new AdapterError(`Unknown field "${f}" on model "${model}"`);
    }
  }

  // Each entry is one unique key: a single field, or the fields of a composite unique index.
  function uniqueKeys(model: string): string[][] {
    const def = schema[model];
    return [
      ["id"],
      ...Object.entries(def?.fields ?? {})
        .filter(([, f]) => f.unique)
        .map(([k]) => [k]),
      ...(def?.uniqueIndexes ?? []),
    ];
  }

  // `rows` is the table as it would be after the write, so one updateMany cannot give two rows the
  // same unique value (SQL rejects that statement as a whole).
  function assertUnique(model: string, rows: readonly Row[]) {
    for (const fields of uniqueKeys(model)) {
      const seen = new Set<unknown>();
      for (const row of rows) {
        const values = fields.map((f) => row[f]);
        // SQL semantics: a null anywhere in the key never clashes.
        if (values.some((v) => v === null || v === undefined)) continue;
        const key = JSON.stringify(values.map((v) => (v instanceof Date ? v.getTime() : v)));
        if (seen.has(key)) throw new UniqueConstraintError(model);
        seen.add(key);
      }
    }
  }

  // Always a copy: callers must never hold a reference into the store.
  function output(row: Row, select?: string[], join?: Join[]): Row {
    const base = select ? (Object.fromEntries(select.map((f) => [f, clone(row[f] ?? null)])) as Row) : clone(row);
    for (const j of join ?? []) {
      const key = row[j.localField];
      const target = key == null ? undefined : table(j.model).find((r) => r[j.foreignField] === key);
      base[j.as] = target
        ? j.select
          ? (Object.fromEntries(j.select.map((f) => [f, clone(target[f] ?? null)])) as Row)
          : clone(target)
        : null;
    }
    return base;
  }

  function deleteMany({ model, where }: { model: string; where: Where[] }): number {
    checkFields(model, whereFields(where));
    assertWhereValues(where);
    const rows = table(model);
    const keep = rows.filter((r) => !matchesWhere(r, where));
    const removed = rows.length - keep.length;
    rows.splice(0, rows.length, ...keep);
    return removed;
  }

  function select(args: FindManyArgs & { forUpdate?: boolean }): Row[] {
    // Transactions already run one at a time here, so a lock has nothing to wait for.
    if (args.forUpdate && args.join?.length) throw new AdapterError("forUpdate cannot be combined with join");
    checkFields(args.model, [
      ...whereFields(args.where),
      ...(args.select ?? []),
      ...(args.sortBy ? [args.sortBy.field] : []),
    ]);
    for (const j of args.join ?? []) {
      checkFields(args.model, [j.localField]);
      checkFields(j.model, [j.foreignField, ...(j.select ?? [])]);
    }
    assertWhereValues(args.where);
    let rows = table(args.model).filter((r) => matchesWhere(r, args.where));
    if (args.sortBy) {
      const { field, direction } = args.sortBy;
      const sign = direction === "desc" ? -1 : 1;
      // Ties break on the id, as on SQL: a total order, so keyset and offset pages never skip or repeat a row.
      rows = [...rows].sort((a, b) => sign * (compare(a[field], b[field]) || compare(a.id, b.id)));
    }
    const start = args.offset ?? 0;
    return rows.slice(start, args.limit === undefined ? undefined : start + args.limit);
  }

  function applyUpdate(args: UpdateArgs, limit: number): Row[] {
    checkFields(args.model, [
      ...whereFields(args.where),
      ...Object.keys(args.update),
      ...Object.keys(args.increment ?? {}),
    ]);
    assertWhereValues(args.where);
    const def = schema[args.model];
    for (const [f, n] of Object.entries(args.increment ?? {})) {
      if (f === "id" || def?.fields[f]?.type !== "number")
        throw new AdapterError(`Cannot increment non-number field "${f}" on model "${args.model}"`);
      if (!Number.isFinite(n)) throw new AdapterError(`Increment of "${f}" must be a finite number`);
    }
    const rows = table(args.model);
    const targets = rows.filter((r) => matchesWhere(r, args.where)).slice(0, limit);
    const next = new Map(
      targets.map((r) => {
        const updated = { ...r, ...clone(args.update) } as Row;
        // SQL semantics: NULL + n stays NULL.
        for (const [f, n] of Object.entries(args.increment ?? {})) updated[f] = r[f] == null ? null : Number(r[f]) + n;
        return [r, updated] as const;
      }),
    );
    // Validate the whole result first, so a unique violation changes nothing.
    assertUnique(
      args.model,
      rows.map((r) => next.get(r) ?? r),
    );
    for (const [r, updated] of next) Object.assign(r, updated);
    return targets;
  }

  return {
    id: "memory",
    async create({ model, data }) {
      const def = schema[model];
      if (!def) throw new AdapterError(`Unknown model "${model}"`);
      checkFields(model, Object.keys(data));
      const row = { id: data.id } as Row;
      for (const f of Object.keys(def.fields)) row[f] = data[f] === undefined ? null : clone(data[f]);
      assertUnique(model, [...table(model), row]);
      table(model).push(row);
      return clone(row) as never;
    },
    async findOne({ model, where, select: fields, join, forUpdate }) {
      const row = select({ model, where, select: fields, join, forUpdate, limit: 1 })[0];
      return row ? (output(row, fields, join) as never) : null;
    },
    async findMany(args) {
      return select(args).map((r) => output(r, args.select, args.join)) as never;
    },
    async count({ model, where, limit }) {
      const n = select({ model, where }).length;
      return limit === undefined ? n : Math.min(n, limit);
    },
    async update(args) {
      const [row] = applyUpdate(args, 1);
      return row ? (clone(row) as never) : null;
    },
    async updateMany(args) {
      return applyUpdate(args, Number.POSITIVE_INFINITY).length;
    },
    async delete(args) {
      deleteMany(args);
    },
    async deleteMany(args) {
      return deleteMany(args);
    },
    async migrate() {
      return { statements: [] };
    },
  };
}

const OPERATORS: ReadonlySet<string> = new Set<WhereOperator>([
  "eq",
  "ne",
  "lt",
  "lte",
  "gt",
  "gte",
  "in",
  "not_in",
  "contains",
  "starts_with",
  "ends_with",
]);

// The matcher only sees a condition when a row reaches it; SQL adapters reject a bad clause even on
// an empty table, so check every condition up front.
function assertWhereValues(where: readonly Where[] | undefined): void {
  for (const w of where ?? []) {
    if ("or" in w) assertWhereValues(w.or);
    else if ("and" in w) assertWhereValues(w.and);
    else {
      const op = w.operator ?? "eq";
      if (!OPERATORS.has(op)) throw new AdapterError(`Unknown operator "${String(op)}"`);
      if ((op === "in" || op === "not_in") && !Array.isArray(w.value))
        throw new AdapterError(`"${op}" on ${w.field} needs an array`);
    }
  }
}

function compare(a: unknown, b: unknown): number {
  // NULLs first ascending, as SQLite and MySQL do.
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  const x = a instanceof Date ? a.getTime() : a;
  const y = b instanceof Date ? b.getTime() : b;
  return (x as number) < (y as number) ? -1 : (x as number) > (y as number) ? 1 : 0;
}
