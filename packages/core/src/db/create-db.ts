import type { Adapter, UpdateArgs, Where } from "../adapter/adapter-types.js";
import { generateId } from "../crypto/index.js";
import { storableCheck } from "../schema/assert-storable.js";
import type { Row, Schema } from "../schema/schema-types.js";

/** The adapter plus schema-aware writes: ids, defaults and `updatedAt` are filled in here, once. */
export interface Db extends Omit<Adapter, "create" | "transaction" | "estimateCount"> {
  readonly adapter: Adapter;
  readonly schema: Schema;
  /** The adapter's estimate (see Adapter.estimateCount), or null when it makes none. */
  estimateCount(args: { model: string; where?: Where[] }): Promise<number | null>;
  create<T = Row>(args: { model: string; data: Record<string, unknown> }): Promise<T>;
  transaction<R>(fn: (tx: Db) => Promise<R>): Promise<R>;
}

/** Wraps an adapter with the schema's defaults. Plugins write through this, not the raw adapter. */
export function createDb(adapter: Adapter, schema: Schema): Db {
  const defaultsByModel = new Map<string, [string, unknown][]>();
  const touchesUpdatedAt = new Set<string>();
  for (const [model, def] of Object.entries(schema)) {
    defaultsByModel.set(
      model,
      Object.entries(def.fields)
        .filter(([, f]) => f.defaultValue !== undefined)
        .map(([name, f]) => [name, f.defaultValue]),
    );
    if (def.fields.updatedAt?.type === "date") touchesUpdatedAt.add(model);
  }
  const assertStorable = storableCheck(schema);
  const withUpdatedAt = (args: UpdateArgs): UpdateArgs => {
    assertStorable(args.model, args.update);
    return touchesUpdatedAt.has(args.model) && !("updatedAt" in args.update)
      ? { ...args, update: { ...args.update, updatedAt: new Date() } }
      : args;
  };

  return {
    adapter,
    schema,
    // async: a refused value is a rejected promise, like any other failed write.
    async create(args) {
      const data: Record<string, unknown> = { ...args.data };
      if (data.id === undefined) data.id = generateId();
      for (const [name, value] of defaultsByModel.get(args.model) ?? []) {
        if (data[name] === undefined) data[name] = typeof value === "function" ? value() : value;
      }
      assertStorable(args.model, data);
      return adapter.create({ model: args.model, data: data as Record<string, unknown> & { id: string } });
    },
    findOne: (args) => adapter.findOne(args),
    findMany: (args) => adapter.findMany(args),
    count: (args) => adapter.count(args),
    estimateCount: async (args) => (adapter.estimateCount ? adapter.estimateCount(args) : null),
    update: async (args) => adapter.update(withUpdatedAt(args)),
    updateMany: async (args) => adapter.updateMany(withUpdatedAt(args)),
    delete: (args) => adapter.delete(args),
    deleteMany: (args) => adapter.deleteMany(args),
    transaction: (fn) => adapter.transaction((tx) => fn(createDb(tx, schema))),
    id: adapter.id,
  };
}

/** Drops the fields a schema marks `returned: false` (password hashes, tokens at rest). */
export function createOutputFilter(schema: Schema, model: string): <T extends Record<string, unknown>>(row: T) => T {
  const hidden = Object.entries(schema[model]?.fields ?? {})
    .filter(([, f]) => f.returned === false)
    .map(([name]) => name);
  if (hidden.length === 0) return (row) => row;
  return (row) => {
    const out: Record<string, unknown> = {};
    for (const key in row) if (!hidden.includes(key)) out[key] = row[key];
    return out as typeof row;
  };
}
