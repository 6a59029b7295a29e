import type { DatabaseIntrospector, DatabaseMetadata, Kysely, SchemaMetadata, TableMetadata } from "kysely";
import { sql } from "kysely";

/**
 * Tables and columns of a PostgreSQL database read through Prisma's raw queries. Kysely's own
 * introspector selects pg_catalog's "char" columns (relkind), which Prisma's raw queries cannot
 * deserialize; information_schema, cast to text, says what findSchemaGap needs.
 */
export class PostgresTextIntrospector implements DatabaseIntrospector {
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's introspector takes the Kysely instance of any schema.
  constructor(private readonly db: Kysely<any>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{
      name: string;
    }>`select schema_name::text as name from information_schema.schemata`.execute(this.db);
    return rows;
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ schema: string; table: string; column: string; type: string; nullable: string }>`
      select c.table_schema::text as schema, c.table_name::text as table, c.column_name::text as column,
        c.data_type::text as type, c.is_nullable::text as nullable
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where t.table_type = 'BASE TABLE' and c.table_schema = current_schema()
      order by c.table_name, c.ordinal_position`.execute(this.db);
    const tables = new Map<string, TableMetadata>();
    for (const r of rows) {
      const key = `${r.schema}.${r.table}`;
      let table = tables.get(key);
      if (!table) {
        table = { name: r.table, schema: r.schema, isView: false, columns: [] };
        tables.set(key, table);
      }
      (table.columns as TableMetadata["columns"][number][]).push({
        name: r.column,
        dataType: r.type,
        isNullable: r.nullable === "YES",
        isAutoIncrementing: false,
        hasDefaultValue: false,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}
