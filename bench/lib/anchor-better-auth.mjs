// better-auth for bench/anchor.mjs: installed on demand OUTSIDE the workspace (Gatehouse never depends on it),
// imported by absolute path, configured as its documentation says, and seeded with the same rows as
// bench/lib/scale-seed.mjs writes for Gatehouse, translated to better-auth's own tables.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { PASSWORD, cheapHash, seed } from "./scale-seed.mjs";

/** Exact versions: the numbers in docs/performance.md are for these. */
export const PINNED = {
  "better-auth": "1.7.25",
  // The API-key and OAuth-provider plugins are packages of their own since 1.7; 1.7.5 is the newest of each.
  "@better-auth/api-key": "1.7.5",
  "@better-auth/oauth-provider": "1.7.5",
  // 12.x is the line that builds on Node 20.
  "better-sqlite3": "12.9.0",
  pg: "8.23.1",
  kysely: "0.28.19",
};
export const PREFIX = process.env.ANCHOR_PREFIX ?? join(tmpdir(), "gatehouse-anchor");

const installed = (name) => {
  try {
    return JSON.parse(readFileSync(join(PREFIX, "node_modules", name, "package.json"), "utf8")).version;
  } catch {
    return null;
  }
};

/** Installs the pinned packages under PREFIX unless they are there already. */
export function ensureInstalled() {
  const missing = Object.entries(PINNED).filter(([name, version]) => installed(name) !== version);
  if (!missing.length) return;
  mkdirSync(PREFIX, { recursive: true });
  // A package.json of its own, so npm does not walk up into anything else.
  if (!existsSync(join(PREFIX, "package.json")))
    writeFileSync(join(PREFIX, "package.json"), '{ "name": "gatehouse-anchor", "private": true }\n');
  console.log(
    `installing ${Object.entries(PINNED)
      .map(([n, v]) => `${n}@${v}`)
      .join(" ")} into ${PREFIX}`,
  );
  // --legacy-peer-deps: the 1.7.5 plugins pin better-call 1.4.0 and @better-auth/utils 0.4.2 as peers while
  // better-auth 1.7.25 brings 1.4.5 and 0.5.1; npm refuses that tree without it.
  const r = spawnSync(
    "npm",
    [
      "install",
      "--prefix",
      PREFIX,
      "--no-audit",
      "--no-fund",
      "--legacy-peer-deps",
      ...Object.entries(PINNED).map(([n, v]) => `${n}@${v}`),
    ],
    { stdio: "inherit" },
  );
  if (r.status !== 0) throw new Error(`npm install into ${PREFIX} failed (exit ${r.status})`);
}

const from = (path) => import(pathToFileURL(join(PREFIX, "node_modules", path)).href);

/** better-auth's modules, from PREFIX. */
export async function loadBetterAuth() {
  ensureInstalled();
  const [core, plugins, apiKeyPlugin, oauth, migration, sqlite, pg] = await Promise.all([
    from("better-auth/dist/index.mjs"),
    from("better-auth/dist/plugins/index.mjs"),
    from("@better-auth/api-key/dist/index.mjs"),
    from("@better-auth/oauth-provider/dist/index.mjs"),
    from("better-auth/dist/db/get-migration.mjs"),
    from("better-sqlite3/lib/index.js"),
    from("pg/lib/index.js"),
  ]);
  return {
    betterAuth: core.betterAuth,
    admin: plugins.admin,
    organization: plugins.organization,
    jwt: plugins.jwt,
    apiKey: apiKeyPlugin.apiKey,
    oauthProvider: oauth.oauthProvider,
    getMigrations: migration.getMigrations,
    Database: sqlite.default,
    Pool: pg.default.Pool,
    Client: pg.default.Client,
  };
}

/** The same cheap password check as the Gatehouse side (seeded accounts hold cheapHash), through its option. */
const password = {
  hash: async (p) => cheapHash(p),
  verify: async ({ hash, password: p }) => hash === cheapHash(p),
};

/** better-auth with the plugins whose routes both libraries have; rate limits and telemetry off. */
export function scaleOptions(BA, database) {
  return {
    database,
    secret: "bench-secret-0123456789abcdef0123456789",
    baseURL: "http://127.0.0.1:3000",
    emailAndPassword: { enabled: true, password },
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: { disabled: true },
    plugins: [
      BA.organization(),
      BA.admin(),
      BA.apiKey({ enableSessionForAPIKeys: true, rateLimit: { enabled: false } }),
    ],
  };
}

/**
 * better-auth as an OAuth 2.1 provider, as its docs set it up: the jwt plugin, oauthProvider with its two
 * required pages, and the jwt plugin's own /token route disabled (the provider's is /oauth2/token).
 */
export function oauthOptions(BA, database, baseURL) {
  return {
    database,
    disabledPaths: ["/token"],
    secret: "oauth-bench-secret-0123456789abcdef-0123",
    baseURL,
    emailAndPassword: { enabled: true, password },
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: { disabled: true },
    plugins: [BA.jwt(), BA.oauthProvider({ loginPage: "/sign-in", consentPage: "/consent" })],
  };
}

// What better-auth stores (its Kysely adapter): on SQLite dates as ISO text and booleans as 0/1; on PostgreSQL
// both native; JSON as text on both (its metadata columns are text).
const encoder = (dialect) => (v) =>
  v === undefined || v === null
    ? null
    : v instanceof Date
      ? dialect === "sqlite"
        ? v.toISOString()
        : v
      : typeof v === "boolean"
        ? dialect === "sqlite"
          ? v
            ? 1
            : 0
          : v
        : typeof v === "object"
          ? JSON.stringify(v)
          : v;

/** Per better-auth table, a value for a column Gatehouse's row does not have under the same name. */
const extra = {
  apikey: { configId: () => "default", referenceId: (row) => row.userId },
};

/**
 * A SQLite store of `users` users for better-auth, cached under $TMPDIR/gatehouse-anchor-stores: its tables made
 * by its own migration API (getMigrations → runMigrations), then the rows bench/lib/scale-seed.mjs writes for
 * Gatehouse (same ids, names, emails, dates, statuses), column by column where better-auth has the column.
 * Gatehouse's audit tables have no counterpart and are left out. Returns a working copy.
 */
export async function betterAuthSqliteStore(BA, users, gatehouseSchema) {
  const dir = join(tmpdir(), "gatehouse-anchor-stores");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `better-auth-${PINNED["better-auth"]}-v1-${users}.db`);
  if (!existsSync(file)) {
    const started = Date.now();
    const partial = `${file}.partial`;
    rmSync(partial, { force: true });
    const db = new BA.Database(partial);
    const { runMigrations } = await BA.getMigrations(scaleOptions(BA, db));
    await runMigrations();
    db.pragma("journal_mode = OFF");
    db.pragma("synchronous = OFF");
    const indexes = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL").all();
    for (const { name } of indexes) db.exec(`DROP INDEX "${name}"`);
    const statements = new Map();
    db.exec("BEGIN");
    await seedTranslated(gatehouseSchema, users, "sqlite", {
      columns: async (table) =>
        db
          .prepare(`PRAGMA table_info("${table}")`)
          .all()
          .map((c) => c.name),
      insert: async (table, target, rows) => {
        let statement = statements.get(table);
        if (!statement) {
          statement = db.prepare(
            `INSERT INTO "${table}" (${target.map((c) => `"${c}"`).join(", ")}) VALUES (${target.map(() => "?").join(", ")})`,
          );
          statements.set(table, statement);
        }
        for (const row of rows) statement.run(row);
      },
    });
    for (const { sql } of indexes) db.exec(sql);
    db.exec("COMMIT");
    db.close();
    renameSync(partial, file);
    console.log(`seeded better-auth's SQLite with ${users} users in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const work = join(dir, `work-${process.pid}-${users}.db`);
  copyFileSync(file, work);
  const database = new BA.Database(work);
  database.pragma("journal_mode = WAL");
  return {
    database,
    close: () => {
      database.close();
      for (const suffix of ["", "-wal", "-shm"]) rmSync(`${work}${suffix}`, { force: true });
    },
  };
}

/**
 * bench/lib/scale-seed.mjs's rows for `users` users, each written to better-auth's table of the same name in
 * the columns better-auth has (by name; an API key's owner as its referenceId), through `db.insert(table,
 * columns, rows)`. Gatehouse's audit tables have no counterpart in better-auth and are left out.
 */
async function seedTranslated(gatehouseSchema, users, dialect, db) {
  const encode = encoder(dialect);
  const columnsOf = new Map();
  await seed({
    schema: gatehouseSchema,
    users,
    now: Date.now(),
    chunk: dialect === "sqlite" ? 20_000 : 2_000,
    insert: async (model, columns, rows) => {
      const table = model;
      if (!columnsOf.has(table)) columnsOf.set(table, await db.columns(table));
      const target = columnsOf.get(table);
      if (!target.length) return; // no such table in better-auth (the audit log's)
      const at = new Map(columns.map((c, i) => [c, i]));
      await db.insert(
        table,
        target,
        rows.map((r) => {
          const named = Object.fromEntries(columns.map((c, i) => [c, r[i]]));
          return target.map((c) => encode(at.has(c) ? r[at.get(c)] : extra[table]?.[c]?.(named)));
        }),
      );
    },
  });
}

const adminUrl = (url, name) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/**
 * The same store on PostgreSQL: a template database made once (better-auth's migration API, then the rows by
 * multi-row INSERTs, then ANALYZE), and a working copy per run (CREATE DATABASE … TEMPLATE). Its pool names
 * itself `appName`, so the bench can find the backends serving it.
 */
export async function betterAuthPostgresStore(BA, users, gatehouseSchema, url, appName) {
  const template = `ba_anchor_${PINNED["better-auth"].replaceAll(".", "_")}_v1_${users}`;
  const admin = async (fn) => {
    const client = new BA.Client({ connectionString: url });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  };
  const exists = () =>
    admin(async (c) => (await c.query("SELECT 1 FROM pg_database WHERE datname = $1", [template])).rowCount > 0);
  if (!(await exists())) {
    const started = Date.now();
    const partial = `${template}_partial`;
    await admin(async (c) => {
      await c.query(`DROP DATABASE IF EXISTS "${partial}"`);
      await c.query(`CREATE DATABASE "${partial}"`);
    });
    const pool = new BA.Pool({
      connectionString: adminUrl(url, partial),
      max: 2,
      options: "-c synchronous_commit=off",
    });
    await (await BA.getMigrations(scaleOptions(BA, pool))).runMigrations();
    await seedTranslated(gatehouseSchema, users, "postgres", {
      columns: async (table) =>
        (
          await pool.query(
            "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position",
            [table],
          )
        ).rows.map((r) => r.column_name),
      insert: async (table, target, rows) => {
        const width = target.length;
        const values = rows.map((_, i) => `(${target.map((__, j) => `$${i * width + j + 1}`).join(", ")})`);
        await pool.query(
          `INSERT INTO "${table}" (${target.map((c) => `"${c}"`).join(", ")}) VALUES ${values.join(", ")}`,
          rows.flat(),
        );
      },
    });
    await pool.query("ANALYZE");
    await pool.end();
    await admin((c) => c.query(`ALTER DATABASE "${partial}" RENAME TO "${template}"`));
    console.log(
      `seeded better-auth's PostgreSQL with ${users} users in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  const work = `ba_anchor_work_${process.pid}_${users}`;
  await admin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS "${work}"`);
    await c.query(`CREATE DATABASE "${work}" TEMPLATE "${template}"`);
  });
  const pool = new BA.Pool({
    connectionString: adminUrl(url, work),
    application_name: appName,
    max: 4,
    idleTimeoutMillis: 0,
    options: "-c synchronous_commit=off",
  });
  return {
    database: pool,
    url: adminUrl(url, work),
    close: async () => {
      await pool.end();
      await admin((c) => c.query(`DROP DATABASE IF EXISTS "${work}"`));
    },
  };
}

export { PASSWORD };
