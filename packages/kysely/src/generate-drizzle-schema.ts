import { LONG_STRING_MAX_LENGTH, maxLengthOf } from "@gatehouse-auth/core";
import type { FieldDef, Schema } from "@gatehouse-auth/core";

/** The Drizzle dialects `generate --orm drizzle` writes for (drizzle-kit's "sqlite", "postgresql", "mysql"). */
export type DrizzleDialect = "sqlite" | "pg" | "mysql";

const CORE: Record<DrizzleDialect, { module: string; table: string }> = {
  sqlite: { module: "drizzle-orm/sqlite-core", table: "sqliteTable" },
  pg: { module: "drizzle-orm/pg-core", table: "pgTable" },
  mysql: { module: "drizzle-orm/mysql-core", table: "mysqlTable" },
};

const q = (s: string) => JSON.stringify(s);

/** How every generated module starts: `generate --output` replaces only a file that starts so. */
export const DRIZZLE_HEADER = "// Gatehouse's tables for Drizzle, written by";

/**
 * One column's builder. The column types are the ones `gatehouse-auth migrate` creates, so a database
 * migrated by either tool fits the other: SQLite dates are epoch milliseconds, PostgreSQL has
 * timestamptz(3) and jsonb, MySQL DATETIME(3) (never TIMESTAMP) and VARCHAR sized like input validation.
 */
function columnBuilder(name: string, field: Pick<FieldDef, "type" | "maxLength" | "long">, dialect: DrizzleDialect) {
  const n = q(name);
  switch (field.type) {
    case "string":
      if (dialect !== "mysql") return { fn: "text", code: `text(${n})` };
      if (!field.long) return { fn: "varchar", code: `varchar(${n}, { length: ${maxLengthOf(field)} })` };
      return maxLengthOf(field) <= LONG_STRING_MAX_LENGTH
        ? { fn: "text", code: `text(${n})` }
        : { fn: "mediumtext", code: `mediumtext(${n})` };
    case "number":
      if (dialect === "sqlite") return { fn: "real", code: `real(${n})` };
      return dialect === "pg"
        ? { fn: "doublePrecision", code: `doublePrecision(${n})` }
        : { fn: "double", code: `double(${n})` };
    case "boolean":
      return dialect === "sqlite"
        ? { fn: "integer", code: `integer(${n}, { mode: "boolean" })` }
        : { fn: "boolean", code: `boolean(${n})` };
    case "date":
      if (dialect === "sqlite") return { fn: "integer", code: `integer(${n}, { mode: "timestamp_ms" })` };
      return dialect === "pg"
        ? { fn: "timestamp", code: `timestamp(${n}, { withTimezone: true, precision: 3, mode: "date" })` }
        : { fn: "datetime", code: `datetime(${n}, { mode: "date", fsp: 3 })` };
    case "json":
      if (dialect === "sqlite") return { fn: "text", code: `text(${n}, { mode: "json" })` };
      // MySQL: LONGTEXT as `migrate` makes it; the adapter writes and reads the JSON text itself.
      return dialect === "pg" ? { fn: "jsonb", code: `jsonb(${n})` } : { fn: "longtext", code: `longtext(${n})` };
  }
}

/** The name of a many() side: `session` → `sessions`, `category` → `categories`, `address` stays. */
function pluralOf(model: string): string {
  if (/[^aeiou]y$/.test(model)) return `${model.slice(0, -1)}ies`;
  if (/(s|x|ch|sh)$/.test(model)) return model.endsWith("s") ? model : `${model}es`;
  return `${model}s`;
}

// Names the generated module imports: a model called so gets a "Table" suffix on its export.
const TAKEN = new Set(["relations", "index", "uniqueIndex", "text", "integer", "real", "varchar", "boolean", "jsonb"]);

/**
 * Drizzle table definitions (with indexes, foreign keys and relations) for `schema`: the module an app
 * passes as drizzleAdapter's `schema` and to drizzle-kit. Index and constraint names are the ones
 * `gatehouse-auth migrate` gives, so drizzle-kit sees a migrated database as up to date.
 */
export function generateDrizzleSchema(
  schema: Schema,
  dialect: DrizzleDialect,
  /** `typescript: false` writes plain JavaScript (an .mjs/.js output): no type-only imports or annotations. */
  { typescript = true }: { typescript?: boolean } = {},
): string {
  const { module, table: tableFn } = CORE[dialect];
  const exportName = new Map(
    Object.keys(schema).map((model) => {
      const ident = /^[A-Za-z_$][\w$]*$/.test(model) ? model : model.replace(/[^\w$]/g, "_").replace(/^(\d)/, "_$1");
      return [model, TAKEN.has(ident) ? `${ident}Table` : ident];
    }),
  );
  const tableOf = (model: string) => schema[model]?.modelName ?? model;
  const used = new Set<string>([tableFn]);
  const tables: string[] = [];
  const relations: string[] = [];
  const manySide = new Map<string, string[]>();

  for (const [model, def] of Object.entries(schema)) {
    const name = exportName.get(model) as string;
    const table = tableOf(model);
    const id = dialect === "mysql" ? `varchar("id", { length: 255 })` : `text("id")`;
    used.add(dialect === "mysql" ? "varchar" : "text");
    const columns = [`  id: ${id}.primaryKey(),`];
    for (const [field, f] of Object.entries(def.fields)) {
      const { fn, code } = columnBuilder(field, f, dialect);
      used.add(fn);
      let col = code;
      if (f.required !== false) col += ".notNull()";
      const ref = f.references;
      if (ref && exportName.has(ref.model)) {
        const target = exportName.get(ref.model) as string;
        // A self-reference needs the return type spelled out, or TypeScript infers `any` for the table.
        const annotation =
          ref.model === model && typescript
            ? `: ${dialect === "pg" ? "AnyPgColumn" : dialect === "mysql" ? "AnyMySqlColumn" : "AnySQLiteColumn"}`
            : "";
        if (annotation) used.add(annotation.slice(2));
        col += `.references(()${annotation} => ${target}.${ref.field}, { onDelete: ${q(ref.onDelete ?? "cascade")} })`;
      }
      columns.push(`  ${/^[A-Za-z_$][\w$]*$/.test(field) ? field : q(field)}: ${col},`);
    }
    const indexes: string[] = [];
    const prop = (f: string) => (/^[A-Za-z_$][\w$]*$/.test(f) ? `t.${f}` : `t[${q(f)}]`);
    for (const [field, f] of Object.entries(def.fields)) {
      if (!f.unique && !f.index && !f.references) continue;
      if (dialect === "mysql" && f.long) continue; // TEXT cannot be indexed without a prefix length
      const fn = f.unique ? "uniqueIndex" : "index";
      used.add(fn);
      indexes.push(`    ${fn}(${q(`${table}_${field}_${f.unique ? "uidx" : "idx"}`)}).on(${prop(field)}),`);
    }
    for (const fields of def.uniqueIndexes ?? []) {
      if (dialect === "mysql" && fields.some((f) => def.fields[f]?.long)) continue;
      used.add("uniqueIndex");
      indexes.push(`    uniqueIndex(${q(`${table}_${fields.join("_")}_uidx`)}).on(${fields.map(prop).join(", ")}),`);
    }
    for (const fields of def.indexes ?? []) {
      if (dialect === "mysql" && fields.some((f) => def.fields[f]?.long)) continue;
      used.add("index");
      indexes.push(`    index(${q(`${table}_${fields.join("_")}_idx`)}).on(${fields.map(prop).join(", ")}),`);
    }
    const extra = indexes.length > 0 ? `,\n  (t) => [\n${indexes.join("\n")}\n  ]` : "";
    tables.push(`export const ${name} = ${tableFn}(\n  ${q(table)},\n  {\n  ${columns.join("\n  ")}\n  }${extra},\n);`);

    // Relations: each reference is a one() here and a many() on the referenced model.
    const refs = Object.entries(def.fields).filter(([, f]) => f.references && exportName.has(f.references.model));
    if (refs.length === 0) continue;
    const ones: string[] = [];
    for (const [field, f] of refs) {
      const ref = f.references as NonNullable<FieldDef["references"]>;
      const sameTarget = refs.filter(([, g]) => g.references?.model === ref.model).length > 1;
      const base = field.endsWith("Id") && field.length > 2 ? field.slice(0, -2) : `${field}Ref`;
      const relName = def.fields[base] ? `${base}Ref` : base;
      const relationName = `${model}_${field}`;
      const target = exportName.get(ref.model) as string;
      ones.push(
        `  ${relName}: one(${target}, { fields: [${name}.${field}], references: [${target}.${ref.field}]${sameTarget || ref.model === model ? `, relationName: ${q(relationName)}` : ""} }),`,
      );
      const many = manySide.get(ref.model) ?? [];
      const plural = pluralOf(model);
      many.push(
        sameTarget || ref.model === model
          ? `  ${plural}By${base[0]?.toUpperCase()}${base.slice(1)}: many(${name}, { relationName: ${q(relationName)} }),`
          : `  ${plural}: many(${name}),`,
      );
      manySide.set(ref.model, many);
    }
    relations.push(`export const ${name}Relations = relations(${name}, ({ one }) => ({\n${ones.join("\n")}\n}));`);
  }
  // A model that is both referenced and referencing gets one relations() call: merge its many() side in.
  for (const [model, many] of manySide) {
    const name = exportName.get(model) as string;
    const at = relations.findIndex((r) => r.startsWith(`export const ${name}Relations = `));
    if (at >= 0) {
      relations[at] = (relations[at] as string)
        .replace("({ one }) =>", "({ one, many }) =>")
        .replace(/\n\}\)\);$/, `\n${many.join("\n")}\n}));`);
    } else {
      relations.push(`export const ${name}Relations = relations(${name}, ({ many }) => ({\n${many.join("\n")}\n}));`);
    }
  }
  const imports = [...used].sort();
  const typeImports = imports.filter((i) => i.startsWith("Any"));
  const valueImports = imports.filter((i) => !i.startsWith("Any"));
  const header = [
    `${DRIZZLE_HEADER} \`npx gatehouse-auth generate --orm drizzle\`. Generate again`,
    "// after adding a plugin or a field (only what is new changes), then let drizzle-kit create the tables.",
    ...(dialect === "mysql"
      ? [
          "// MySQL/MariaDB: create the database with `character set utf8mb4 collate utf8mb4_bin`: ids, tokens",
          "// and e-mail lookups must compare byte for byte (see docs/drizzle.md).",
        ]
      : []),
    ...(relations.length > 0 ? [`import { relations } from "drizzle-orm";`] : []),
    ...(typeImports.length > 0 ? [`import type { ${typeImports.join(", ")} } from ${q(module)};`] : []),
    `import { ${valueImports.join(", ")} } from ${q(module)};`,
  ];
  return `${[header.join("\n"), ...tables, ...relations].join("\n\n")}\n`;
}
