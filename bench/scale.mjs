// Cost per request as the data grows: each route measured in-process through `auth.handler` on stores
// seeded by SQL to 1k, 10k, 100k and 1M users (bench/lib/scale-seed.mjs: one session, one account and
// 0.1 API keys per user, an organization of up to 1,000 members and 1,000 invitations, one small
// organization per ten users, up to 100,000 audit events), on SQLite and PostgreSQL. Run from the repo
// root after building (`node scripts/build-js.mjs`):
//   node bench/scale.mjs [--short] [--sizes 1k,10k,100k,1m] [--db sqlite,postgres] [--requests 100]
//                        [--seconds 3] [--only get-session,sign-in,…] [--explain]
// Per route and size: CPU per request (process.cpuUsage over the run), statements per request (the
// adapter's query log), answer size, PostgreSQL's CPU per request (its backends' CPU time from /proc:
// pg_stat_statements is not loaded on this server), and the process's peak RSS over the run. The table
// ends with the growth of CPU per 10× more users. A route runs `--requests` times, or fewer when it has
// used `--seconds` (at least 5 requests).
// --short (CI): 1k and 100k users, SQLite only, in about two minutes with the stores cached.
// Exits non-zero when a route sends more statements per request at the largest size than at the
// smallest, or answers anything but 2xx — never on a timing.
// Seeded stores are cached under $TMPDIR/gatehouse-scale (SQLite files) and as PostgreSQL template
// databases gh_scale_<key>_<users> (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test),
// keyed by the schema's hash: a changed schema (a new index) seeds anew. Delete them to reclaim space.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { peakRssMb, postgresBackendPids, processesCpuMicros, resetPeakRss } from "./lib/harness.mjs";
import { load, makeAuth } from "./lib/scale-auth.mjs";
import { POOL, PASSWORD, layout, seed, seedKey } from "./lib/scale-seed.mjs";

const text = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const short = process.argv.includes("--short");
// Seeding runs in a child process of its own, so its memory is not in the measured process's RSS.
const seedOnly = process.argv.includes("--seed-only");
const seedInChild = (db, users) => {
  const r = spawnSync(process.execPath, [process.argv[1], "--seed-only", "--db", db, "--sizes", String(users)], {
    stdio: "inherit",
  });
  if (r.status !== 0) throw new Error(`seeding ${db} with ${users} users failed (exit ${r.status})`);
};
const parseSize = (s) => {
  const m = /^(\d+)([km]?)$/i.exec(s.trim());
  if (!m) throw new Error(`--sizes: "${s}" is not a size like 1k, 100k or 1m`);
  return Number(m[1]) * { "": 1, k: 1e3, m: 1e6 }[m[2].toLowerCase()];
};
const sizes = (text("--sizes") ?? (short ? "1k,100k" : "1k,10k,100k")).split(",").map(parseSize);
const dbs = (text("--db") ?? (short ? "sqlite" : "sqlite,postgres")).split(",");
const requests = Number(text("--requests") ?? (short ? 30 : 100));
const seconds = Number(text("--seconds") ?? (short ? 1 : 3));
const only = text("--only")?.split(",");
const explain = process.argv.includes("--explain");
const wanted = (route) => !only || only.some((o) => route.startsWith(o));
const pgUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const cacheDir = join(tmpdir(), "gatehouse-scale");
mkdirSync(cacheDir, { recursive: true });

const label = (n) => (n >= 1e6 ? `${n / 1e6}M` : n >= 1e3 ? `${n / 1e3}k` : String(n));

// --- the stores: seeded once per size and schema, copied per run ----------------------------------

/** A value as the dialect stores it (the kysely adapter's column codec, for what the seed writes). */
function encoder(schema, dialect) {
  return (model, columns) => {
    const types = columns.map((c) => (c === "id" ? "string" : schema[model].fields[c].type));
    return (row) =>
      row.map((v, i) => {
        if (v === null || v === undefined) return null;
        const type = types[i];
        if (type === "date") return dialect === "sqlite" ? v.getTime() : v;
        if (type === "boolean") return dialect === "sqlite" ? (v ? 1 : 0) : Boolean(v);
        if (type === "json") return JSON.stringify(v);
        return v;
      });
  };
}

const tableOf = (schema, model) => schema[model].modelName ?? model;

async function sqliteStore(users) {
  const { default: Database } = await load("better-sqlite3");
  const probe = makeAuth(new Database(":memory:"), undefined, { offset: 0 });
  const schema = probe.$context.schema;
  const file = join(cacheDir, `sqlite-${seedKey(schema, users)}-${users}.db`);
  if (!existsSync(file) && !seedOnly) seedInChild("sqlite", users);
  if (!existsSync(file)) {
    const started = Date.now();
    const partial = `${file}.partial`;
    rmSync(partial, { force: true });
    const db = new Database(partial);
    // Seeding only (the copies the routes run on are opened with the defaults): no rollback journal, no
    // flush, one transaction for every row, and the secondary indexes built once after the rows.
    db.pragma("journal_mode = OFF");
    db.pragma("synchronous = OFF");
    db.pragma("cache_size = -262144"); // 256 MB of page cache while the indexes are built
    await makeAuth(db, undefined, { offset: 0 }).$context.adapter.migrate();
    const indexes = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL").all();
    for (const { name } of indexes) db.exec(`DROP INDEX "${name}"`);
    const encode = encoder(schema, "sqlite");
    const statements = new Map();
    db.exec("BEGIN");
    await seed({
      schema,
      users,
      now: Date.now(),
      chunk: 20_000,
      insert: async (model, columns, rows) => {
        let statement = statements.get(model);
        if (!statement) {
          statement = db.prepare(
            `INSERT INTO "${tableOf(schema, model)}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
          );
          statements.set(model, statement);
        }
        const row = encode(model, columns);
        for (const r of rows) statement.run(row(r));
      },
    });
    for (const { sql } of indexes) db.exec(sql);
    db.exec("COMMIT");
    db.close();
    renameSync(partial, file);
    console.log(`seeded SQLite with ${label(users)} users in ${((Date.now() - started) / 1000).toFixed(1)} s: ${file}`);
  }
  if (seedOnly) return null;
  const work = join(cacheDir, `work-${process.pid}-${users}.db`);
  copyFileSync(file, work);
  const database = new Database(work);
  database.pragma("journal_mode = WAL");
  return {
    database,
    close: async () => {
      database.close();
      for (const suffix of ["", "-wal", "-shm"]) rmSync(`${work}${suffix}`, { force: true });
    },
  };
}

async function pgAdmin(fn) {
  const { default: pg } = await load("pg");
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const urlFor = (name) => {
  const u = new URL(pgUrl);
  u.pathname = `/${name}`;
  return u.toString();
};

async function postgresStore(users) {
  const { default: pg } = await load("pg");
  const { default: Database } = await load("better-sqlite3");
  const schema = makeAuth(new Database(":memory:"), undefined, { offset: 0 }).$context.schema;
  const template = `gh_scale_${seedKey(schema, users)}_${users}`;
  const exists = async () =>
    pgAdmin(async (c) => (await c.query("SELECT 1 FROM pg_database WHERE datname = $1", [template])).rowCount > 0);
  if (!seedOnly && !(await exists())) seedInChild("postgres", users);
  if (!(await exists())) {
    const started = Date.now();
    const partial = `${template}_partial`;
    await pgAdmin(async (c) => {
      await c.query(`DROP DATABASE IF EXISTS "${partial}"`);
      await c.query(`CREATE DATABASE "${partial}"`);
    });
    // No flush per batch (a crash only loses a store that is rebuilt anyway).
    const pool = new pg.Pool({ connectionString: urlFor(partial), max: 4, options: "-c synchronous_commit=off" });
    await makeAuth(pool, undefined, { offset: 0 }).$context.adapter.migrate();
    // The secondary indexes are built once after the rows instead of updated row by row (primary keys
    // and constraints stay): what makes a million users a matter of minutes.
    const { rows: indexes } = await pool.query(
      "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND indexname NOT IN (SELECT conname FROM pg_constraint)",
    );
    for (const { indexname } of indexes) await pool.query(`DROP INDEX "${indexname}"`);
    const encode = encoder(schema, "postgres");
    // Each column's SQL type, for the array it is sent as.
    const typesOf = new Map();
    const columnTypes = async (table) => {
      if (!typesOf.has(table)) {
        const { rows } = await pool.query(
          "SELECT column_name, format_type(atttypid, atttypmod) AS type FROM information_schema.columns c JOIN pg_attribute a ON a.attrelid = (quote_ident(c.table_schema) || '.' || quote_ident(c.table_name))::regclass AND a.attname = c.column_name WHERE c.table_schema = current_schema() AND c.table_name = $1",
          [table],
        );
        typesOf.set(table, new Map(rows.map((r) => [r.column_name, r.type])));
      }
      return typesOf.get(table);
    };
    await seed({
      schema,
      users,
      now: Date.now(),
      // 20,000 rows a statement, one array parameter per column (INSERT … SELECT FROM unnest): a few
      // parameters instead of one per value (PostgreSQL allows 65,535), one parse per batch.
      chunk: 20_000,
      insert: async (model, columns, rows) => {
        const table = tableOf(schema, model);
        const types = await columnTypes(table);
        const row = encode(model, columns);
        const arrays = columns.map(() => []);
        for (const r of rows)
          row(r).forEach((v, i) => {
            arrays[i].push(v);
          });
        const list = columns.map((c) => `"${c}"`).join(", ");
        const unnest = columns.map((c, i) => `$${i + 1}::${types.get(c)}[]`).join(", ");
        await pool.query(`INSERT INTO "${table}" (${list}) SELECT * FROM unnest(${unnest})`, arrays);
      },
    });
    for (const { indexdef } of indexes) await pool.query(indexdef);
    // Statistics and the visibility map as a store in service has them: autovacuum analyzes and (since
    // PostgreSQL 13, after inserts too) vacuums within minutes; without the visibility map every
    // index-only read would still visit the table.
    await pool.query("VACUUM ANALYZE");
    await pool.end();
    await pgAdmin((c) => c.query(`ALTER DATABASE "${partial}" RENAME TO "${template}"`));
    console.log(
      `seeded PostgreSQL with ${label(users)} users in ${((Date.now() - started) / 1000).toFixed(1)} s: ${template}`,
    );
  }
  if (seedOnly) return null;
  const work = `gh_scale_work_${process.pid}_${users}`;
  await pgAdmin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS "${work}"`);
    await c.query(`CREATE DATABASE "${work}" TEMPLATE "${template}"`);
  });
  const appName = `gh-scale-${process.pid}`;
  // Idle connections stay open: the backends found after a route's warm-up are the ones serving it.
  // synchronous_commit off: a write route's wall time is then not the shared disk's flush latency (CPU
  // and statements, what is measured, are the same either way).
  const pool = new pg.Pool({
    connectionString: urlFor(work),
    application_name: appName,
    max: 4,
    idleTimeoutMillis: 0,
    options: "-c synchronous_commit=off",
  });
  return {
    database: pool,
    backends: () => postgresBackendPids(urlFor(work), appName),
    close: async () => {
      await pool.end();
      await pgAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${work}"`));
    },
  };
}

// --- the routes ----------------------------------------------------------------------------------

const origin = "http://127.0.0.1:3000";

/** One request through auth.handler; the answer's status, text and cookies. */
async function call(auth, method, path, { cookie, body, headers = {} } = {}) {
  const res = await auth.handler(
    new Request(`${origin}/api/auth${path}`, {
      method,
      headers: {
        origin,
        "user-agent": "Mozilla/5.0 (bench)",
        ...(body ? { "content-type": "application/json" } : {}),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
    }),
  );
  const answer = await res.text();
  const cookies = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { status: res.status, text: answer, cookie: cookies };
}

async function signIn(auth, userId) {
  const r = await call(auth, "POST", "/sign-in/email", { body: { email: `${userId}@bench.test`, password: PASSWORD } });
  if (r.status !== 200) throw new Error(`sign-in of ${userId}: ${r.status} ${r.text}`);
  return r.cookie;
}

/** The routes, each a function of the request's index (the pooled ones use one row up per request). */
async function routesFor(auth, L) {
  const as = {
    admin: await signIn(auth, L.admin),
    owner: await signIn(auth, L.owner),
    heavy: await signIn(auth, L.heavy),
    plain: await signIn(auth, L.plain),
  };
  const created = await call(auth, "POST", "/api-key/create", {
    cookie: await signIn(auth, L.keyHolder),
    body: { name: "bench" },
  });
  if (created.status !== 200) throw new Error(`api-key/create: ${created.status} ${created.text}`);
  const key = JSON.parse(created.text).key;
  const invitees = [];
  for (let j = 0; j < POOL; j++) invitees.push(await signIn(auth, `u${L.acceptFrom + j}`));
  // The deepest offset list-users accepts is 10,000 (deeper pages go by cursor): halfway, capped there.
  const deep = Math.min(Math.floor(L.users / 2), 10_000);
  const get = (path, cookie, headers) => () => call(auth, "GET", path, { cookie, headers });
  const routes = [
    ["get-session", get("/get-session", as.plain)],
    [
      "sign-in",
      () => call(auth, "POST", "/sign-in/email", { body: { email: `${L.signIn}@bench.test`, password: PASSWORD } }),
    ],
    ["api-key auth (get-session)", get("/get-session", undefined, { "x-api-key": key })],
    ["organization list", get("/organization/list", as.owner)],
    ["get-full-organization", get(`/organization/get-full-organization?organizationId=${L.bigOrg}`, as.owner)],
    ["list-members", get(`/organization/list-members?organizationId=${L.bigOrg}`, as.owner)],
    ["list-invitations", get(`/organization/list-invitations?organizationId=${L.bigOrg}`, as.owner)],
    [`list-sessions (${L.heavySessions + 1} sessions)`, get("/list-sessions", as.heavy)],
  ];
  for (const sortBy of ["createdAt", "name", "email"]) {
    const query = `/admin/list-users?limit=100&sortBy=${sortBy}&sortDirection=desc`;
    routes.push([`list-users by ${sortBy}, first page`, get(query, as.admin)]);
    routes.push([`list-users by ${sortBy}, offset ${label(deep)}`, get(`${query}&offset=${deep}`, as.admin)]);
    // Past the offset cap pages go by cursor (keyset, offered from the first page on): the cursor found by
    // walking as deep as the deepest offset, 1,000 users a page (only when the route runs: the walk's
    // garbage would otherwise be in the next routes' RSS).
    const cursorRoute = `list-users by ${sortBy}, cursor past ${label(deep)}`;
    if (!wanted(cursorRoute)) continue;
    let cursor;
    for (let walked = 0; walked < deep; walked += 1000) {
      const step = Math.min(1000, deep - walked);
      const page = await call(
        auth,
        "GET",
        `${query.replace("limit=100", `limit=${step}`)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        {
          cookie: as.admin,
        },
      );
      cursor = JSON.parse(page.text).nextCursor;
      if (!cursor)
        throw new Error(`list-users by ${sortBy}: no nextCursor after ${walked + step} users (${page.status})`);
    }
    routes.push([cursorRoute, get(`${query}&cursor=${encodeURIComponent(cursor)}`, as.admin)]);
  }
  // The admin audit log as deep as the deepest list-users offset, by its cursor (100 events a page).
  const deepEvents = Math.min(Math.floor(L.events / 2), 10_000);
  const auditCursorRoute = `admin audit log, cursor past ${label(deepEvents)} events`;
  let auditCursor;
  for (let walked = 0; wanted(auditCursorRoute) && walked < deepEvents; walked += 100) {
    const page = await call(auth, "GET", `/admin/audit-log?limit=100${auditCursor ? `&cursor=${auditCursor}` : ""}`, {
      cookie: as.admin,
    });
    auditCursor = JSON.parse(page.text).nextCursor;
    if (!auditCursor) throw new Error(`admin audit log: no nextCursor after ${walked + 100} events (${page.status})`);
  }
  routes.push(
    ["dashboard overview, 90 days", get("/dashboard/api/overview?days=90", as.admin)],
    [
      "dashboard overview, totals recounted",
      // A stale view answers at once and recounts after its answer: the request and that recount, together.
      async () => {
        const r = await get("/dashboard/api/overview?days=90", as.admin)();
        await auth.settled();
        return r;
      },
      { recount: true },
    ],
    ["admin audit log", get("/admin/audit-log?limit=100", as.admin)],
    ["admin audit log, one common type", get("/admin/audit-log?limit=100&type=user.signed_in", as.admin)],
    [auditCursorRoute, get(`/admin/audit-log?limit=100&cursor=${encodeURIComponent(auditCursor)}`, as.admin)],
    ["security events (own)", get("/list-security-events", as.plain)],
    ["organization audit log", get(`/organization/audit-log?organizationId=${L.bigOrg}`, as.owner)],
    [
      "accept-invitation",
      (i) =>
        call(auth, "POST", "/organization/accept-invitation", {
          cookie: invitees[i],
          body: { invitationId: `iacc${i}` },
        }),
      { pooled: true },
    ],
    [
      "remove-member",
      (i) =>
        call(auth, "POST", "/organization/remove-member", {
          cookie: as.owner,
          body: { memberIdOrEmail: `u${10 + i}@bench.test`, organizationId: L.bigOrg },
        }),
      { pooled: true },
    ],
    [
      "delete-organization",
      (i) => call(auth, "POST", "/organization/delete", { cookie: as.owner, body: { organizationId: `od${i}` } }),
      { pooled: true },
    ],
  );
  return routes.filter(([name]) => wanted(name));
}

/** Runs one route: warm-up, then up to `requests` requests (or `seconds`), measured. */
async function measure(run, options, counter, clock, store) {
  const pooled = options?.pooled;
  const total = pooled ? Math.min(requests, POOL - 2) : requests;
  let index = 0;
  const once = async () => {
    if (options?.recount) clock.offset += 61_000; // past the overview's one-minute totals cache
    const r = await run(index++);
    if (r.status < 200 || r.status > 299) throw new Error(`${r.status} ${r.text.slice(0, 300)}`);
    return r;
  };
  await once();
  await once();
  await new Promise((resolve) => setTimeout(resolve, 20)); // the warm-up's audit writes land outside the count
  const backends = store.backends ? await store.backends() : [];
  const dbBefore = await processesCpuMicros(backends);
  await resetPeakRss(process.pid);
  const queriesBefore = counter.n;
  const deadline = performance.now() + seconds * 1000;
  const cpu = process.cpuUsage();
  let n = 0;
  let last;
  while (n < total && (n < 5 || performance.now() < deadline)) {
    last = await once();
    n++;
  }
  const used = process.cpuUsage(cpu);
  // The audit log writes after the answer: its statements belong to the requests that caused them.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const statements = (counter.n - queriesBefore) / n;
  // A backend opened during the run (a route's first parallel queries) counts whole: it is all this run's.
  const after = store.backends ? await store.backends() : [];
  const opened = after.filter((pid) => !backends.includes(pid));
  const dbMicros = (await processesCpuMicros(backends)) - dbBefore + (await processesCpuMicros(opened));
  return {
    n,
    cpuMs: (used.user + used.system) / n / 1000,
    statements,
    kb: Buffer.byteLength(last.text) / 1024,
    dbMs: store.backends ? dbMicros / n / 1000 : null,
    rssMb: await peakRssMb(process.pid),
  };
}

/**
 * --explain: one more request of the route, its statements captured, each shown with the database's plan —
 * PostgreSQL's `EXPLAIN (ANALYZE, BUFFERS)` for reads (writes are planned, not run again), SQLite's
 * `EXPLAIN QUERY PLAN`. For reading where a route's time goes, not for the table.
 */
async function explainRoute(title, run, counter, clock, options, store, db) {
  counter.captured = [];
  if (options?.recount) clock.offset += 61_000;
  const r = await run(0);
  await new Promise((resolve) => setTimeout(resolve, 20));
  const statements = counter.captured;
  counter.captured = null;
  if (r.status >= 300) return;
  console.log(`\n--- ${title}: ${statements.length} statements`);
  for (const [sql, parameters] of statements) {
    console.log(`  ${sql.replace(/\s+/g, " ").slice(0, 400)}`);
    if (!/^\s*(select|update|delete|with)\b/i.test(sql)) continue;
    if (db === "sqlite") {
      const plan = store.database.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...parameters);
      for (const row of plan) console.log(`    ${row.detail}`);
    } else {
      const analyze = /^\s*(select|with)\b/i.test(sql) ? "ANALYZE, BUFFERS, " : "";
      const { rows } = await store.database.query(`EXPLAIN (${analyze}FORMAT TEXT) ${sql}`, parameters);
      for (const row of rows) console.log(`    ${row["QUERY PLAN"].slice(0, 300)}`);
    }
  }
}

// --- the run --------------------------------------------------------------------------------------

const results = {}; // db → route → size → figures
let broken = false;
for (const db of dbs) {
  if (db !== "sqlite" && db !== "postgres") throw new Error(`--db: "${db}" is neither sqlite nor postgres`);
  results[db] = {};
  for (const users of sizes) {
    const store = db === "sqlite" ? await sqliteStore(users) : await postgresStore(users);
    if (!store) continue; // --seed-only
    const counter = { n: 0, captured: null };
    const clock = { offset: 0 };
    const auth = makeAuth(
      store.database,
      (sql, parameters) => {
        counter.n++;
        counter.captured?.push([sql, parameters]);
      },
      clock,
    );
    await auth.ready();
    try {
      const L = layout(users);
      const routes = await routesFor(auth, L);
      for (const [name, run, options] of routes) {
        // Names carrying the size (a deep offset, the heavy user's sessions) are grouped by their stem.
        const key = name
          .replace(/offset \S+/, "deep offset")
          .replace(/cursor past \S+ events/, "cursor past min(events / 2, 10k) events")
          .replace(/cursor past \S+$/, "cursor past the deep offset")
          .replace(/\(\d+ sessions\)/, "(1 + users/100 sessions)");
        try {
          const m = await measure(run, options, counter, clock, store);
          if (explain) await explainRoute(`${db} ${label(users)} ${name}`, run, counter, clock, options, store, db);
          results[db][key] ??= {};
          results[db][key][users] = m;
          console.log(
            `${db} ${label(users)} ${name}: ${m.cpuMs.toFixed(3)} ms CPU, ${m.statements.toFixed(1)} statements, ` +
              `${m.kb.toFixed(1)} KB${m.dbMs === null ? "" : `, db ${m.dbMs.toFixed(3)} ms`}, peak RSS ${m.rssMb.toFixed(0)} MB (${m.n} requests)`,
          );
        } catch (error) {
          broken = true;
          console.error(`${db} ${label(users)} ${name}: FAILED ${error.message}`);
        }
      }
    } finally {
      await store.close();
    }
  }
}

if (seedOnly) process.exit(0);

// The table: CPU per size, growth per 10×, statements, answer size, database CPU, peak RSS.
const growth = (a, b, ua, ub) => (a > 0 ? (b / a) ** (1 / Math.log10(ub / ua)) : Number.NaN);
let grew = false;
for (const [db, routes] of Object.entries(results)) {
  const ran = sizes.filter((s) => Object.values(routes).some((r) => r[s]));
  const first = ran[0];
  const lastSize = ran.at(-1);
  console.log(`\n${db === "sqlite" ? "SQLite" : "PostgreSQL"}, users: ${ran.map(label).join(" → ")}\n`);
  const head = [
    "route",
    ...ran.map((s) => `CPU ms ${label(s)}`),
    "× per 10×",
    "statements",
    "answer KB",
    ...(db === "postgres" ? ["db CPU ms", "db × per 10×"] : []),
    "peak RSS MB",
  ];
  console.log(`| ${head.join(" | ")} |`);
  console.log(`| ${head.map((_, i) => (i === 0 ? "---" : "---:")).join(" | ")} |`);
  for (const [name, bySize] of Object.entries(routes)) {
    const at = ran.map((s) => bySize[s]);
    const a = bySize[first];
    const b = bySize[lastSize];
    const series = (f, digits) => at.map((m) => (m ? f(m).toFixed(digits) : "–")).join(" → ");
    const ratio = a && b && first !== lastSize ? growth(a.cpuMs, b.cpuMs, first, lastSize).toFixed(2) : "–";
    const moreStatements = a && b && b.statements > a.statements + 0.05;
    if (moreStatements) grew = true;
    const cells = [
      name,
      ...at.map((m) => (m ? m.cpuMs.toFixed(2) : "–")),
      ratio,
      series((m) => m.statements, 1) + (moreStatements ? " GREW" : ""),
      series((m) => m.kb, 1),
      ...(db === "postgres"
        ? [
            series((m) => m.dbMs, 2),
            a && b && first !== lastSize ? growth(a.dbMs, b.dbMs, first, lastSize).toFixed(2) : "–",
          ]
        : []),
      Math.max(...at.filter(Boolean).map((m) => m.rssMb)).toFixed(0),
    ];
    console.log(`| ${cells.join(" | ")} |`);
  }
}
if (grew) console.error("\nscale: a route sends more statements per request at the largest size than at the smallest");
if (broken) console.error("\nscale: a route failed (non-2xx answer): see above");
process.exit(grew || broken ? 1 : 0);
