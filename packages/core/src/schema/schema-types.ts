/** The value types a schema field can hold; every adapter maps each to a native column type. */
export type FieldType = "string" | "number" | "boolean" | "date" | "json";

/** One field of a model. `id` is implicit on every model: a string primary key. */
export interface FieldDef {
  type: FieldType;
  /** NOT NULL, and must be given on create unless it has a default. Default true. */
  required?: boolean;
  unique?: boolean;
  /** Create a (non-unique) index on this column. */
  index?: boolean;
  /** Foreign key; migrations create the constraint, adapters never cascade by themselves. */
  references?: { model: string; field: string; onDelete?: "cascade" | "set null" | "restrict" };
  /** Applied by core on create when the value is undefined. A function is called per row. */
  defaultValue?: unknown;
  /** Accepted from client input (sign-up, update-user). Default true. */
  input?: boolean;
  /** Included in API output. Default true; secrets (password hashes, tokens at rest) set false. */
  returned?: boolean;
  /**
   * Most characters (code points) a string column holds: MySQL's VARCHAR size, and the limit every input
   * built with `stringInput(field)` enforces on every dialect. Default 255, or 16,383 for `long` fields.
   */
  maxLength?: number;
  /** Text column that may hold long values (no length limit); cannot be indexed on MySQL. */
  long?: boolean;
}

/** One table. */
export interface ModelDef {
  /** Table name; defaults to the model key. */
  modelName?: string;
  fields: Record<string, FieldDef>;
  /**
   * Unique indexes over several fields together, e.g. `[["organizationId", "userId"]]`: no two rows
   * may share all of them. As in SQL, a row with a null in any of them never clashes.
   */
  uniqueIndexes?: string[][];
  /**
   * Non-unique indexes over several fields together, in this order, e.g. `[["organizationId",
   * "createdAt"]]` for a listing of one organization's rows in creation order (no sort step).
   */
  indexes?: string[][];
}

/** All tables, keyed by model name as core and plugins refer to them. */
export type Schema = Record<string, ModelDef>;

/** A row as adapters return it: `id` plus the model's fields, decoded to JS types. */
export type Row = { id: string } & Record<string, unknown>;
