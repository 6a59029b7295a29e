import { LONG_STRING_MAX_LENGTH, maxLengthOf } from "@gatehouse-auth/core";
import type { FieldDef, Schema } from "@gatehouse-auth/core";

/** The Prisma datasource providers `generate --orm prisma` writes for. */
export type PrismaProvider = "sqlite" | "postgresql" | "mysql";

/**
 * The lines that enclose Gatehouse's models in the app's schema.prisma: generating again replaces what
 * lies between them and nothing else, so the app's own models, generator and datasource stay as they are.
 */
export const PRISMA_BEGIN =
  "// gatehouse:begin (written by `npx gatehouse-auth generate --orm prisma`: generate again after adding a plugin; edits in here are replaced)";
export const PRISMA_END = "// gatehouse:end";

const ON_DELETE: Record<string, string> = {
  cascade: "Cascade",
  "set null": "SetNull",
  restrict: "Restrict",
};

/** A model's name in Prisma: PascalCase of the model key (`twoFactor` → `TwoFactor`), mapped to its table. */
function prismaName(model: string): string {
  const ident = model.replace(/[^A-Za-z0-9_]/g, "_");
  const pascal = `${ident[0]?.toUpperCase() ?? ""}${ident.slice(1)}`;
  return /^[A-Za-z]/.test(pascal) ? pascal : `M${pascal}`;
}

/** `session` → `sessions`, `category` → `categories`. */
function pluralOf(model: string): string {
  if (/[^aeiou]y$/.test(model)) return `${model.slice(0, -1)}ies`;
  if (/(s|x|ch|sh)$/.test(model)) return model.endsWith("s") ? model : `${model}es`;
  return `${model}s`;
}

/**
 * The scalar type and native type attribute of one field: the column types `gatehouse-auth migrate`
 * creates, so a database migrated by either tool fits the other (PostgreSQL timestamptz(3) and jsonb,
 * MySQL DATETIME(3), VARCHAR sized like input validation and LONGTEXT JSON).
 */
function scalar(field: Pick<FieldDef, "type" | "maxLength" | "long">, provider: PrismaProvider): string {
  switch (field.type) {
    case "string":
      if (provider !== "mysql") return "String";
      if (!field.long) return `String @db.VarChar(${maxLengthOf(field)})`;
      return maxLengthOf(field) <= LONG_STRING_MAX_LENGTH ? "String @db.Text" : "String @db.MediumText";
    case "number":
      return "Float";
    case "boolean":
      return "Boolean";
    case "date":
      if (provider === "postgresql") return "DateTime @db.Timestamptz(3)";
      return provider === "mysql" ? "DateTime @db.DateTime(3)" : "DateTime";
    case "json":
      // MySQL: LONGTEXT as `migrate` makes it (the adapter writes and reads the JSON text itself).
      if (provider === "postgresql") return "Json";
      return provider === "mysql" ? "String @db.LongText" : "String";
  }
}

/**
 * Prisma models for `schema` (relations both ways, indexes named as `gatehouse-auth migrate` names them),
 * enclosed in PRISMA_BEGIN … PRISMA_END. Each model maps to its table with @@map; field names are the
 * column names, so prismaAdapter's SQL and the app's Prisma queries read the same columns.
 */
export function generatePrismaModels(schema: Schema, provider: PrismaProvider): string {
  const names = new Map(Object.keys(schema).map((model) => [model, prismaName(model)]));
  const tableOf = (model: string) => schema[model]?.modelName ?? model;
  // Back-relation lines per referenced model.
  const backRelations = new Map<string, string[]>();
  const bodies = new Map<string, string[]>();

  for (const [model, def] of Object.entries(schema)) {
    const table = tableOf(model);
    const lines = [`  id ${provider === "mysql" ? "String @id @db.VarChar(255)" : "String @id"}`];
    const attributes: string[] = [];
    const refs = Object.entries(def.fields).filter(([, f]) => f.references && names.has(f.references.model));
    for (const [field, f] of Object.entries(def.fields)) {
      const [type, ...native] = scalar(f, provider).split(" ");
      const optional = f.required === false ? "?" : "";
      const extra = [...native];
      if (f.unique && !(provider === "mysql" && f.long)) extra.push(`@unique(map: "${table}_${field}_uidx")`);
      lines.push(`  ${field} ${type}${optional}${extra.length > 0 ? ` ${extra.join(" ")}` : ""}`);
      if (!f.unique && (f.index || f.references) && !(provider === "mysql" && f.long))
        attributes.push(`  @@index([${field}], map: "${table}_${field}_idx")`);
    }
    for (const [field, f] of refs) {
      const ref = f.references as NonNullable<FieldDef["references"]>;
      const target = names.get(ref.model) as string;
      // Several references to one model (or to itself) need relation names to pair the two sides.
      const named = refs.filter(([, g]) => g.references?.model === ref.model).length > 1 || ref.model === model;
      const relationName = `${model}_${field}`;
      const base = field.endsWith("Id") && field.length > 2 ? field.slice(0, -2) : `${field}Ref`;
      const relField = def.fields[base] || base === "id" ? `${base}Ref` : base;
      const optional = f.required === false ? "?" : "";
      const args = [
        ...(named ? [`"${relationName}"`] : []),
        `fields: [${field}]`,
        `references: [${ref.field}]`,
        `onDelete: ${ON_DELETE[ref.onDelete ?? "cascade"]}`,
      ];
      lines.push(`  ${relField} ${target}${optional} @relation(${args.join(", ")})`);
      const plural = pluralOf(model);
      const back = named
        ? `  ${plural}By${base[0]?.toUpperCase()}${base.slice(1)} ${names.get(model)}[] @relation("${relationName}")`
        : `  ${plural} ${names.get(model)}[]`;
      backRelations.set(ref.model, [...(backRelations.get(ref.model) ?? []), back]);
    }
    for (const fields of def.uniqueIndexes ?? []) {
      if (provider === "mysql" && fields.some((f) => def.fields[f]?.long)) continue;
      attributes.push(`  @@unique([${fields.join(", ")}], map: "${table}_${fields.join("_")}_uidx")`);
    }
    for (const fields of def.indexes ?? []) {
      if (provider === "mysql" && fields.some((f) => def.fields[f]?.long)) continue;
      attributes.push(`  @@index([${fields.join(", ")}], map: "${table}_${fields.join("_")}_idx")`);
    }
    attributes.push(`  @@map("${table}")`);
    bodies.set(model, [...lines, "", ...attributes]);
  }
  const models = [...bodies].map(([model, body]) => {
    const back = backRelations.get(model) ?? [];
    const at = body.indexOf("");
    const lines = [...body.slice(0, at), ...back, ...body.slice(at)];
    return `model ${names.get(model)} {\n${lines.join("\n")}\n}`;
  });
  return `${PRISMA_BEGIN}\n\n${models.join("\n\n")}\n\n${PRISMA_END}\n`;
}

/**
 * The app's schema.prisma with Gatehouse's models written in: the block between PRISMA_BEGIN and
 * PRISMA_END replaced, else appended; a new file gets a generator and a datasource first. A model the
 * app itself declares under one of Gatehouse's names is refused (Prisma would reject the file).
 */
export function writePrismaSchema(existing: string | undefined, schema: Schema, provider: PrismaProvider): string {
  const block = generatePrismaModels(schema, provider);
  if (existing === undefined || existing.trim() === "") {
    return [
      "generator client {",
      '  provider = "prisma-client"',
      '  output   = "../src/generated/prisma"',
      "}",
      "",
      "datasource db {",
      `  provider = "${provider}"`,
      "}",
      "",
      block,
    ].join("\n");
  }
  const begin = existing.indexOf(PRISMA_BEGIN);
  const end = existing.indexOf(PRISMA_END, begin + 1);
  if (begin >= 0 && end < 0) throw new Error(`the schema has "${PRISMA_BEGIN.slice(0, 20)}…" but no "${PRISMA_END}"`);
  const outside = begin >= 0 ? existing.slice(0, begin) + existing.slice(end + PRISMA_END.length) : existing;
  for (const model of Object.keys(schema)) {
    const name = prismaName(model);
    if (new RegExp(`^\\s*model\\s+${name}\\s*\\{`, "m").test(outside))
      throw new Error(
        `the schema already declares model ${name} outside Gatehouse's block: remove it (Gatehouse's ${name} maps to table "${schema[model]?.modelName ?? model}") or rename yours`,
      );
  }
  if (begin < 0) return `${existing.replace(/\s*$/, "")}\n\n${block}`;
  return existing.slice(0, begin) + block.replace(/\n$/, "") + existing.slice(end + PRISMA_END.length);
}
