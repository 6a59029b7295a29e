import type { FieldDef } from "@gatehouse-auth/core";
import { LONG_STRING_MAX_LENGTH, maxLengthOf } from "@gatehouse-auth/core";
import { sql } from "../kysely-runtime.js";
import type { RawBuilder } from "kysely";
import type { SqlDialect } from "../dialect.js";

/**
 * The column type for a field. Notes per dialect:
 * - SQLite: dates are INTEGER milliseconds, booleans 0/1, JSON is TEXT.
 * - PostgreSQL: timestamptz(3) (millisecond precision, like JS Dates), jsonb.
 * - MySQL/MariaDB: DATETIME(3), never TIMESTAMP — MariaDB silently gives the first TIMESTAMP NOT NULL
 *   column `ON UPDATE CURRENT_TIMESTAMP`, which would rewrite createdAt on every update. Strings are
 *   VARCHAR(maxLength) so they can be indexed; `long` fields are TEXT (MEDIUMTEXT past 16,383 characters).
 * Numbers are doubles everywhere: exact for integers up to 2^53 (ms timestamps, counters) and floats.
 */
export function columnType(
  field: Pick<FieldDef, "type" | "maxLength" | "long">,
  dialect: SqlDialect,
): RawBuilder<unknown> {
  switch (field.type) {
    case "string":
      // The size comes from the field definition (maxLengthOf), the same number input validation enforces.
      if (dialect === "mysql") {
        if (!field.long) return sql.raw(`varchar(${maxLengthOf(field)})`);
        return maxLengthOf(field) <= LONG_STRING_MAX_LENGTH ? sql`text` : sql`mediumtext`;
      }
      return sql`text`;
    case "number":
      return dialect === "sqlite" ? sql`real` : dialect === "postgres" ? sql`double precision` : sql`double`;
    case "boolean":
      return dialect === "sqlite" ? sql`integer` : dialect === "postgres" ? sql`boolean` : sql`tinyint(1)`;
    case "date":
      return dialect === "sqlite" ? sql`integer` : dialect === "postgres" ? sql`timestamptz(3)` : sql`datetime(3)`;
    case "json":
      return dialect === "sqlite" ? sql`text` : dialect === "postgres" ? sql`jsonb` : sql`longtext`;
  }
}

/** The primary key type: ids are short strings, so MySQL can index them as VARCHAR. */
export function idType(dialect: SqlDialect): RawBuilder<unknown> {
  return dialect === "mysql" ? sql`varchar(255)` : sql`text`;
}
