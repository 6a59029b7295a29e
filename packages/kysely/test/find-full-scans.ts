// Test helper: asks the database for its plan of one statement (with the parameters it was sent with)
// and names every table it would read whole: a full table scan, or a full index scan without a LIMIT
// to stop it (a whole-table count).
import type Database from "better-sqlite3";
import type mysql from "mysql2";
import type pg from "pg";
import type { SqlDialect } from "../src/dialect.js";

/** One table the plan reads whole. */
export interface FullScan {
  table: string;
  /** What the plan says, in the database's own words. */
  detail: string;
}

/** Statements that have no plan worth reading: inserts of one row, transaction control. */
export const unplanned = (sql: string) => !/^\s*(select|update|delete|with)\b/i.test(sql);

const hasLimit = (sql: string) => /\blimit\b/i.test(sql);

/**
 * The table and column of a keyset page (`… where col < ? or (col = ? and id < ?) order by col … limit`),
 * or null: a page after a cursor must start at the cursor in the column's index, and a plan that walks
 * that index from its first entry, filtering until the page is full, costs the cursor's depth.
 */
function keysetPage(sql: string): { table: string; column: string } | null {
  if (!hasLimit(sql)) return null;
  const order = /\border by ["`](\w+)["`]\.["`](\w+)["`]/i.exec(sql);
  if (!order) return null;
  const [, table, column] = order as unknown as [string, string, string];
  const where = sql.slice(0, order.index);
  return new RegExp(`["\`]${table}["\`]\\.["\`]${column}["\`] [<>]`).test(where) ? { table, column } : null;
}

/** A plan as the test reads it: the full scans, and one line per table access for the report. */
export interface ReadPlan {
  scans: FullScan[];
  accesses: string[];
}

/** The tables `sql` reads whole on this database, as its planner would run it now. */
export async function findFullScans(
  dialect: SqlDialect,
  database: unknown,
  sql: string,
  parameters: readonly unknown[],
): Promise<ReadPlan> {
  if (dialect === "sqlite") return sqliteScans(database as Database.Database, sql, parameters);
  if (dialect === "postgres") return postgresScans(database as pg.Pool, sql, parameters);
  return mysqlScans(database as mysql.Pool, sql, parameters);
}

function sqliteScans(db: Database.Database, sql: string, parameters: readonly unknown[]): ReadPlan {
  const rows = db.prepare(`explain query plan ${sql}`).all(...parameters) as { detail: string }[];
  const scans: FullScan[] = [];
  const accesses = rows.map((r) => r.detail);
  // An OR of ranges read as several index searches merged, then all of it sorted before the LIMIT: every
  // row on one side of a keyset position (a deep page costs its depth), a scan in all but name.
  const sortsAll = accesses.includes("USE TEMP B-TREE FOR ORDER BY");
  if (sortsAll && accesses.includes("MULTI-INDEX OR"))
    for (const detail of accesses) {
      const m = /^SEARCH (\S+) .*\((\S+)[<>]=?\?\)$/.exec(detail);
      if (m) scans.push({ table: m[1]!, detail: `MULTI-INDEX OR of ranges, sorted whole: ${detail}` });
    }
  const keyset = keysetPage(sql);
  for (const { detail } of rows) {
    if (keyset && new RegExp(`^SCAN ${keyset.table}\\b.* USING (?:COVERING )?INDEX`).test(detail))
      scans.push({ table: keyset.table, detail: `keyset page walks the index from its start: ${detail}` });
    // "SCAN user" reads the table; "SCAN user USING INDEX i" walks a whole index (fine when a LIMIT stops it).
    const m = /^SCAN (\S+)(?: AS \S+)?( USING (?:COVERING )?INDEX \S+)?$/.exec(detail);
    if (!m) continue;
    if (!m[2] || !hasLimit(sql)) scans.push({ table: m[1]!, detail });
  }
  return { scans, accesses };
}

interface PgNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Index Cond"?: string;
  Plans?: PgNode[];
}

async function postgresScans(pool: pg.Pool, sql: string, parameters: readonly unknown[]): Promise<ReadPlan> {
  const { rows } = await pool.query(`explain (format json) ${sql}`, parameters as unknown[]);
  const plan = (rows[0] as { "QUERY PLAN": [{ Plan: PgNode }] })["QUERY PLAN"][0].Plan;
  const scans: FullScan[] = [];
  const accesses: string[] = [];
  const keyset = keysetPage(sql);
  const visit = (node: PgNode) => {
    const table = node["Relation Name"];
    if (
      keyset &&
      table === keyset.table &&
      (node["Node Type"] === "Index Scan" || node["Node Type"] === "Index Only Scan") &&
      !node["Index Cond"]?.includes(keyset.column)
    )
      scans.push({ table, detail: `keyset page walks ${node["Index Name"]} from its start` });
    if (table)
      accesses.push(`${node["Node Type"]} on ${table}${node["Index Name"] ? ` using ${node["Index Name"]}` : ""}`);
    if (table && node["Node Type"] === "Seq Scan") scans.push({ table, detail: `Seq Scan on ${table}` });
    if (
      table &&
      (node["Node Type"] === "Index Scan" || node["Node Type"] === "Index Only Scan") &&
      !node["Index Cond"] &&
      !hasLimit(sql)
    )
      scans.push({ table, detail: `${node["Node Type"]} using ${node["Index Name"]} without a condition` });
    for (const child of node.Plans ?? []) visit(child);
  };
  visit(plan);
  return { scans, accesses };
}

async function mysqlScans(pool: mysql.Pool, sql: string, parameters: readonly unknown[]): Promise<ReadPlan> {
  const [rows] = await pool.promise().query(`explain format=json ${sql}`, parameters as unknown[]);
  const scans: FullScan[] = [];
  const accesses: string[] = [];
  let json: unknown;
  try {
    json = JSON.parse(String((rows as Record<string, unknown>[])[0]!.EXPLAIN));
  } catch {
    // MariaDB writes a string constant holding a double quote (a JSON parameter such as backup codes)
    // into attached_condition unescaped: read the tabular plan, which says the same per table.
    const [table] = await pool.promise().query(`explain ${sql}`, parameters as unknown[]);
    for (const row of table as Record<string, unknown>[]) {
      const name = String(row.table);
      accesses.push(`${name}: ${String(row.type)}${row.key ? ` on ${String(row.key)}` : ""}`);
      if (row.type === "ALL") scans.push({ table: name, detail: `type ALL on ${name}` });
      if (row.type === "index" && (!hasLimit(sql) || keysetPage(sql)?.table === name))
        scans.push({ table: name, detail: `full index scan (${String(row.key)}) on ${name}` });
    }
    return { scans, accesses };
  }
  const visit = (node: unknown) => {
    if (!node || typeof node !== "object") return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    const o = node as Record<string, unknown>;
    if (typeof o.table_name === "string") {
      accesses.push(`${o.table_name}: ${String(o.access_type)}${o.key ? ` on ${String(o.key)}` : ""}`);
      if (o.access_type === "ALL") scans.push({ table: o.table_name, detail: `access_type ALL on ${o.table_name}` });
      if (o.access_type === "index" && (!hasLimit(sql) || keysetPage(sql)?.table === o.table_name))
        scans.push({ table: o.table_name, detail: `full index scan (${String(o.key)}) on ${o.table_name}` });
    }
    for (const value of Object.values(o)) visit(value);
  };
  visit(json);
  return { scans, accesses };
}
