import type { Schema } from "./schema-types.js";

/** The date fields of the session and user rows: what JSON turns into text and a cache must turn back. */
export interface SessionDateFields {
  session: readonly string[];
  user: readonly string[];
}

const cache = new WeakMap<Schema, SessionDateFields>();

/**
 * Every `date` field of the session and user models, the core ones and those plugins and the app add
 * (`additionalFields`), read from the schema once per schema object: the session caches (cookie and
 * secondary storage) revive exactly these, so a cached session has the same Dates as one from the
 * database.
 */
export function sessionDateFields(schema: Schema): SessionDateFields {
  let fields = cache.get(schema);
  if (!fields) {
    const of = (model: string, core: string[]) => [
      ...new Set([
        ...core,
        ...Object.entries(schema[model]?.fields ?? {})
          .filter(([, f]) => f.type === "date")
          .map(([name]) => name),
      ]),
    ];
    fields = {
      session: of("session", ["createdAt", "updatedAt", "expiresAt"]),
      user: of("user", ["createdAt", "updatedAt"]),
    };
    cache.set(schema, fields);
  }
  return fields;
}

/**
 * Turns `fields` of a row read back from JSON into Dates again, in place: ISO text, or milliseconds
 * (the cookie cache writes those). Absent and null fields stay as they are.
 */
export function reviveDates(row: object, fields: readonly string[]): void {
  const r = row as Record<string, unknown>;
  for (const f of fields) {
    const value = r[f];
    if (typeof value === "number" || typeof value === "string") r[f] = new Date(value);
  }
}
