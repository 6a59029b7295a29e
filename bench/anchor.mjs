// Gatehouse against better-auth 1.7.25 on the same data (issues 27 and 28): CPU per request of the routes both
// libraries have, each called in-process through its own `handler(Request)`, the two alternating round by round.
//
// Not in CI: it downloads better-auth. Gatehouse never depends on it; the bench installs the pinned versions
// (bench/lib/anchor-better-auth.mjs's PINNED) with npm OUTSIDE the workspace, under $TMPDIR/gatehouse-anchor
// (or $ANCHOR_PREFIX), and imports them from there by absolute path. Run from the repo root after building
// (`node scripts/build-js.mjs`; the OAuth scenario needs packages/oauth-provider's dist too):
//   node bench/anchor.mjs [--sizes 1k,10k,100k] [--db sqlite,postgres] [--rounds 5] [--requests 40]
//                         [--only get-session,oauth,…] [--no-oauth]
// Stores: Gatehouse's are bench/scale.mjs's (seeded by it when missing: SQLite files in $TMPDIR/gatehouse-scale,
// PostgreSQL template databases gh_scale_*); better-auth's are made by its own migration API (getMigrations →
// runMigrations) and filled with the same rows by SQL (same ids, emails, dates, invitation statuses, sessions;
// bench/lib/scale-seed.mjs), cached in $TMPDIR/gatehouse-anchor-stores and as databases ba_anchor_*
// (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test). Both get the same cheap password
// check (sign-ins are set-up, not measured). On PostgreSQL each pool's backends' CPU is printed beside it.
// Per route and size: each library runs `--requests` requests per round, after a GC (the bench re-runs itself
// with --expose-gc), for `--rounds` rounds, Gatehouse first in even rounds and better-auth first in odd ones,
// so a noisy moment on the shared machine hits both. Prints the median CPU ms per request of each, the ratio
// (better-auth / Gatehouse: 2.0 means Gatehouse costs half), and what each answered (bytes, items).
// Exits non-zero when a request answers anything but 2xx — never on a timing.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { loadavg, tmpdir } from "node:os";
import { existsSync } from "node:fs";
import {
  PINNED,
  betterAuthPostgresStore,
  betterAuthSqliteStore,
  loadBetterAuth,
  scaleOptions,
} from "./lib/anchor-better-auth.mjs";
import { postgresBackendPids, processesCpuMicros } from "./lib/harness.mjs";
import { betterAuthTokens, gatehouseTokens } from "./lib/anchor-oauth.mjs";
import { load, makeAuth } from "./lib/scale-auth.mjs";
import { PASSWORD, layout, seedKey } from "./lib/scale-seed.mjs";

if (typeof globalThis.gc !== "function") {
  const r = spawnSync(process.execPath, ["--expose-gc", ...process.argv.slice(1)], { stdio: "inherit" });
  process.exit(r.status ?? 1);
}

const text = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const parseSize = (s) => {
  const m = /^(\d+)([km]?)$/i.exec(s.trim());
  if (!m) throw new Error(`--sizes: "${s}" is not a size like 1k or 100k`);
  return Number(m[1]) * { "": 1, k: 1e3, m: 1e6 }[m[2].toLowerCase()];
};
const sizes = (text("--sizes") ?? "1k,10k,100k").split(",").map(parseSize);
const dbs = (text("--db") ?? "sqlite").split(",");
const pgUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const rounds = Number(text("--rounds") ?? 5);
const requests = Number(text("--requests") ?? 40);
const only = text("--only")?.split(",");
const wanted = (route) => !only || only.some((o) => route.startsWith(o));
const label = (n) => (n >= 1e6 ? `${n / 1e6}M` : n >= 1e3 ? `${n / 1e3}k` : String(n));
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const BA = await loadBetterAuth();
const loadAtStart = loadavg()[0];
const { default: Database } = await load("better-sqlite3");

// --- the stores -----------------------------------------------------------------------------------------

const gatehouseSchema = makeAuth(new Database(":memory:"), undefined, { offset: 0 }).$context.schema;

/** bench/scale.mjs's cached SQLite store of `users` users (it seeds it when missing), as a working copy. */
async function gatehouseStore(users) {
  const { copyFileSync, rmSync } = await import("node:fs");
  const file = join(tmpdir(), "gatehouse-scale", `sqlite-${seedKey(gatehouseSchema, users)}-${users}.db`);
  if (!existsSync(file)) {
    const script = new URL("./scale.mjs", import.meta.url).pathname;
    const r = spawnSync(process.execPath, [script, "--seed-only", "--db", "sqlite", "--sizes", String(users)], {
      stdio: "inherit",
    });
    if (r.status !== 0 || !existsSync(file)) throw new Error(`seeding Gatehouse's store of ${users} users failed`);
  }
  const work = join(tmpdir(), "gatehouse-scale", `anchor-work-${process.pid}-${users}.db`);
  copyFileSync(file, work);
  const database = new Database(work);
  database.pragma("journal_mode = WAL");
  return {
    database,
    close: () => {
      database.close();
      for (const suffix of ["", "-wal", "-shm"]) rmSync(`${work}${suffix}`, { force: true });
    },
  };
}

const urlFor = (name) => {
  const u = new URL(pgUrl);
  u.pathname = `/${name}`;
  return u.toString();
};

/** bench/scale.mjs's PostgreSQL template database of `users` users (it seeds it when missing), as a working copy. */
async function gatehousePostgresStore(users, appName) {
  const { default: pg } = await load("pg");
  const admin = async (fn) => {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  };
  const template = `gh_scale_${seedKey(gatehouseSchema, users)}_${users}`;
  const exists = () =>
    admin(async (c) => (await c.query("SELECT 1 FROM pg_database WHERE datname = $1", [template])).rowCount > 0);
  if (!(await exists())) {
    const script = new URL("./scale.mjs", import.meta.url).pathname;
    const r = spawnSync(process.execPath, [script, "--seed-only", "--db", "postgres", "--sizes", String(users)], {
      stdio: "inherit",
    });
    if (r.status !== 0 || !(await exists())) throw new Error(`seeding Gatehouse's PostgreSQL of ${users} users failed`);
  }
  const work = `gh_anchor_work_${process.pid}_${users}`;
  await admin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS "${work}"`);
    await c.query(`CREATE DATABASE "${work}" TEMPLATE "${template}"`);
  });
  // As bench/scale.mjs's: idle connections stay open, so the backends found after the warm-up serve the run.
  const pool = new pg.Pool({
    connectionString: urlFor(work),
    application_name: appName,
    max: 4,
    idleTimeoutMillis: 0,
    options: "-c synchronous_commit=off",
  });
  return {
    database: pool,
    url: urlFor(work),
    close: async () => {
      await pool.end();
      await admin((c) => c.query(`DROP DATABASE IF EXISTS "${work}"`));
    },
  };
}

// --- requests -------------------------------------------------------------------------------------------

const origin = "http://127.0.0.1:3000";

/** One request through a library's handler; the answer's status, text and cookies. */
async function call(handler, method, path, { cookie, body, headers = {} } = {}) {
  const res = await handler(
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

/** What an answer holds, in items: the lists' lengths ("members 100, invitations 1000"). */
function items(answer) {
  let json;
  try {
    json = JSON.parse(answer);
  } catch {
    return "";
  }
  if (Array.isArray(json)) return `${json.length}`;
  if (!json || typeof json !== "object") return "";
  return Object.entries(json)
    .filter(([, v]) => Array.isArray(v))
    .map(([k, v]) => `${k} ${v.length}`)
    .join(", ");
}

/** The same routes on both libraries: name → [Gatehouse's request, better-auth's request]. */
async function routesFor(sides, L) {
  const each = async (f) => Promise.all(sides.map(f));
  const signIn = (userId) =>
    each(async ({ handler }) => {
      const r = await call(handler, "POST", "/sign-in/email", {
        body: { email: `${userId}@bench.test`, password: PASSWORD },
      });
      if (r.status !== 200) throw new Error(`sign-in of ${userId}: ${r.status} ${r.text.slice(0, 200)}`);
      return r.cookie;
    });
  const [admin, owner, heavy, plain, keyHolder] = [
    await signIn(L.admin),
    await signIn(L.owner),
    await signIn(L.heavy),
    await signIn(L.plain),
    await signIn(L.keyHolder),
  ];
  const keys = await each(async ({ handler }, i) => {
    const r = await call(handler, "POST", "/api-key/create", { cookie: keyHolder[i], body: { name: "bench" } });
    if (r.status !== 200) throw new Error(`api-key/create: ${r.status} ${r.text.slice(0, 200)}`);
    return JSON.parse(r.text).key;
  });
  const get =
    (path, who, headers = () => ({})) =>
    (i) =>
    ({ handler }) =>
      call(handler, "GET", path, { cookie: who?.[i], headers: headers(i) });
  const deep = Math.min(Math.floor(L.users / 2), 10_000);
  const users = "/admin/list-users?limit=100&sortBy=createdAt&sortDirection=desc";
  // The same session read as a server call (auth.api.getSession, both libraries have it): no Request, no router.
  const apiSession =
    (i) =>
    async ({ api }) => {
      const session = await api.getSession({ headers: new Headers({ cookie: plain[i] }) });
      return { status: session ? 200 : 401, text: JSON.stringify(session) };
    };
  return [
    ["get-session", get("/get-session", plain)],
    ["get-session as a server call (auth.api.getSession)", apiSession],
    ["api-key auth (get-session, x-api-key)", get("/get-session", null, (i) => ({ "x-api-key": keys[i] }))],
    [`list-sessions (${L.heavySessions + 1} sessions)`, get("/list-sessions", heavy)],
    ["get-full-organization", get(`/organization/get-full-organization?organizationId=${L.bigOrg}`, owner)],
    ["list-members, limit=100", get(`/organization/list-members?organizationId=${L.bigOrg}&limit=100`, owner)],
    ["list-invitations", get(`/organization/list-invitations?organizationId=${L.bigOrg}`, owner)],
    ["admin list-users, first page of 100", get(users, admin)],
    [`admin list-users, offset ${label(deep)}`, get(`${users}&offset=${deep}`, admin)],
  ]
    .filter(([name]) => wanted(name))
    .map(([name, make]) => [name, sides.map((_, i) => make(i))]);
}

// --- measuring --------------------------------------------------------------------------------------------

/**
 * CPU ms per request of `n` calls of `run(k)`, after a GC (so one library's garbage is not the other's cost),
 * and on PostgreSQL the CPU of the backends serving it (`pids`), per request.
 */
async function batch(run, n, pids) {
  globalThis.gc();
  const db = pids.length ? await processesCpuMicros(pids) : 0;
  const cpu = process.cpuUsage();
  let last;
  for (let k = 0; k < n; k++) last = await run(k);
  const used = process.cpuUsage(cpu);
  const dbMs = pids.length ? ((await processesCpuMicros(pids)) - db) / n / 1000 : null;
  return { ms: (used.user + used.system) / n / 1000, dbMs, last };
}

/** Rounds of `runs` (one per library), alternating which goes first; the median of each. */
async function paired(runs, { warm = 3, backends = [] } = {}) {
  for (const run of runs) for (let k = 0; k < warm; k++) await run(-1 - k);
  const pids = await Promise.all(runs.map((_, side) => backends[side]?.() ?? []));
  const figures = runs.map(() => []);
  const dbFigures = runs.map(() => []);
  const last = [];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? [1, 0] : [0, 1];
    for (const side of order) {
      const m = await batch((k) => runs[side](round * requests + k), requests, pids[side]);
      figures[side].push(m.ms);
      if (m.dbMs !== null) dbFigures[side].push(m.dbMs);
      last[side] = m.last;
    }
  }
  return {
    medians: figures.map(median),
    db: dbFigures.map((f) => (f.length ? median(f) : null)),
    spread: figures.map((f) => [Math.min(...f), Math.max(...f)]),
    last,
  };
}

const results = []; // { size, route, gh, ba, ghBytes, baBytes, ghItems, baItems }
let broken = false;
const check = (side, name) => (r) => {
  if (r.status < 200 || r.status > 299) throw new Error(`${side} ${name}: ${r.status} ${r.text.slice(0, 300)}`);
  return r;
};

for (const dbName of dbs)
  for (const users of sizes) {
    if (dbName !== "sqlite" && dbName !== "postgres")
      throw new Error(`--db: "${dbName}" is neither sqlite nor postgres`);
    const pg = dbName === "postgres";
    const names = [`gh-anchor-${process.pid}`, `ba-anchor-${process.pid}`];
    const gh = pg ? await gatehousePostgresStore(users, names[0]) : await gatehouseStore(users);
    const ba = pg
      ? await betterAuthPostgresStore(BA, users, gatehouseSchema, pgUrl, names[1])
      : await betterAuthSqliteStore(BA, users, gatehouseSchema);
    const backends = pg ? [gh, ba].map((store, i) => () => postgresBackendPids(store.url, names[i])) : [];
    try {
      const ghAuth = makeAuth(gh.database, undefined, { offset: 0 });
      await ghAuth.ready();
      const baAuth = BA.betterAuth(scaleOptions(BA, ba.database));
      const sides = [
        { handler: (r) => ghAuth.handler(r), api: ghAuth.api },
        { handler: (r) => baAuth.handler(r), api: baAuth.api },
      ];
      const routes = await routesFor(sides, layout(users));
      for (const [name, makers] of routes) {
        try {
          const runs = makers.map(
            (make, side) => async () => check(side ? "better-auth" : "Gatehouse", name)(await make(sides[side])),
          );
          const m = await paired(runs, { backends });
          const row = {
            store: pg ? "PostgreSQL" : "SQLite",
            db: m.db,
            size: label(users),
            route: name,
            gh: m.medians[0],
            ba: m.medians[1],
            spread: m.spread,
            bytes: m.last.map((r) => Buffer.byteLength(r.text)),
            items: m.last.map((r) => items(r.text)),
          };
          results.push(row);
          console.log(
            `${dbName} ${row.size} ${name}: Gatehouse ${row.gh.toFixed(3)} ms (${row.spread[0].map((x) => x.toFixed(3)).join("–")}), ` +
              `better-auth ${row.ba.toFixed(3)} ms (${row.spread[1].map((x) => x.toFixed(3)).join("–")}), ` +
              `× ${(row.ba / row.gh).toFixed(2)}; answers ${row.bytes.map((b) => `${(b / 1024).toFixed(1)} KB`).join(" / ")}` +
              ` (${row.items.map((s) => s || "–").join(" / ")})` +
              (pg ? `; database CPU ${row.db.map((x) => x.toFixed(3)).join(" / ")} ms` : ""),
          );
        } catch (error) {
          broken = true;
          console.error(`${dbName} ${label(users)} ${name}: FAILED ${error.message}`);
        }
      }
    } finally {
      await gh.close();
      await ba.close();
    }
  }

// The OAuth token endpoint (issue 28): both providers on SQLite in memory, codes fetched before each batch.
if (!process.argv.includes("--no-oauth") && wanted("oauth")) {
  try {
    const providers = [await gatehouseTokens(), await betterAuthTokens(BA)];
    // A batch of codes per library and round (plus the warm-up's), fetched before the clock starts.
    const codes = await Promise.all(
      providers.map(async (p) => {
        const list = [];
        for (let k = 0; k < rounds * requests + 3; k++) list.push(await p.code());
        return list;
      }),
    );
    const exchanges = providers.map((p, side) => (k) => p.exchange(codes[side][k < 0 ? rounds * requests - 1 - k : k]));
    const m = await paired(exchanges);
    const refreshTokens = m.last.map((r) => r.body.refresh_token);
    results.push({
      store: "SQLite in memory",
      db: [null, null],
      size: "–",
      route: "OAuth token: authorization_code (+ ID token, refresh token)",
      gh: m.medians[0],
      ba: m.medians[1],
      spread: m.spread,
      bytes: m.last.map((r) => r.bytes),
      items: ["", ""],
    });
    // Each refresh rotates: the next request uses the token the last one returned.
    const refreshes = providers.map((p, side) => async () => {
      const r = await p.refresh(refreshTokens[side]);
      refreshTokens[side] = r.body.refresh_token;
      return r;
    });
    const r = await paired(refreshes);
    results.push({
      store: "SQLite in memory",
      db: [null, null],
      size: "–",
      route: "OAuth token: refresh_token (rotation)",
      gh: r.medians[0],
      ba: r.medians[1],
      spread: r.spread,
      bytes: r.last.map((x) => x.bytes),
      items: ["", ""],
    });
    for (const row of results.slice(-2))
      console.log(
        `${row.route}: Gatehouse ${row.gh.toFixed(3)} ms, better-auth ${row.ba.toFixed(3)} ms, × ${(row.ba / row.gh).toFixed(2)}`,
      );
  } catch (error) {
    broken = true;
    console.error(`OAuth token endpoint: FAILED ${error.stack}`);
  }
}

console.log(
  `\nGatehouse (this checkout) against better-auth ${PINNED["better-auth"]} (api-key ${PINNED["@better-auth/api-key"]}, ` +
    `oauth-provider ${PINNED["@better-auth/oauth-provider"]}), Node ${process.version}; ` +
    `median of ${rounds} alternating rounds of ${requests} requests; ratio = better-auth / Gatehouse; ` +
    `load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end\n`,
);
const withDb = results.some((row) => row.db[0] !== null);
const head = [
  "store",
  "users",
  "route",
  "Gatehouse CPU ms",
  "better-auth CPU ms",
  "ratio",
  ...(withDb ? ["db CPU ms (GH / BA)", "ratio with db"] : []),
  "answer KB (GH / BA)",
  "items (GH / BA)",
];
console.log(`| ${head.join(" | ")} |`);
console.log(`| ${head.map((h) => (/ms|ratio/.test(h) && !h.includes("/") ? "---:" : "---")).join(" | ")} |`);
for (const row of results) {
  const db = row.db[0] !== null;
  const cells = [
    row.store,
    row.size,
    row.route,
    row.gh.toFixed(3),
    row.ba.toFixed(3),
    (row.ba / row.gh).toFixed(2),
    ...(withDb
      ? db
        ? [row.db.map((x) => x.toFixed(3)).join(" / "), ((row.ba + row.db[1]) / (row.gh + row.db[0])).toFixed(2)]
        : ["–", "–"]
      : []),
    row.bytes.map((b) => (b / 1024).toFixed(1)).join(" / "),
    row.items.map((x) => x || "–").join(" / "),
  ];
  console.log(`| ${cells.join(" | ")} |`);
}
if (broken) console.error("\nanchor: a request failed (non-2xx answer): see above");
process.exit(broken ? 1 : 0);
