// The performance table in one command: each scenario next to a bare node:http server answering the
// same JSON, on the same machine in the same run. Run from the repo root after `pnpm build`:
//   node bench/run.mjs [--short] [--seconds 8] [--connections 16] [--members 50] [--cold-runs 5]
//                      [--only bare,session,drizzle,prisma,cache,postgres,org,cold] [--cpu-prof DIR]
// CPU per request (the server's own user+system time from /proc over the measured run, divided by the
// requests it answered) is the figure to compare: on shared cores req/s moves with whatever else runs,
// CPU per request much less. "RSS load" is the kernel's high-water mark (VmHWM) over the measured load
// (reset just before it); "RSS all" the high-water mark of the server's whole life, start-up included.
// Cold start is spawn → first 200 from GET /api/auth/ok (median of the runs). docs/performance.md
// explains the figures. --short (CI) takes well under a minute. The script reports; it never fails on
// a timing — only when a scenario gives wrong answers (non-2xx: a broken build) or a server does not
// start, so CI can run it as a smoke test too. Timeouts on an overloaded machine are only reported.
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); skipped when absent.
// Its "db CPU ms/req" is the CPU of the PostgreSQL server processes serving the target (on this machine,
// found in pg_stat_activity by the application_name the target's pool sends), per request.
import { cpus } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  coldStart,
  load,
  peakRssMb,
  postgresBackendPids,
  postgresReachable,
  processesCpuMicros,
  resetPeakRss,
  serverCpuMicros,
  setUpOrganization,
  signUp,
  start,
} from "./lib/harness.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const text = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const short = process.argv.includes("--short");
const num = (name, full, brief) => Number(text(name) ?? (short ? brief : full));
const seconds = num("--seconds", 8, 3);
const connections = num("--connections", 16, 8);
const members = num("--members", 50, 20);
const coldRuns = num("--cold-runs", 5, 3);
const only = text("--only")?.split(",");
const cpuProfDir = text("--cpu-prof");
const wanted = (name) => !only || only.includes(name);
const target = join(here, "..", "examples", "conformance-target", "server.mjs");
const bareScript = join(here, "bare-server.mjs");
const pgUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
let port = 4931;

// Goals from issue 19 (CPU ms per request, MB, s); reported as met / not met, never enforced.
const goals = { session: 0.1, cache: 0.08, postgres: 0.25, postgresDb: 0.35, org: 0.25, rss: 120, cold: 0.4 };

/**
 * Starts `script`, prepares it, runs warm-up then the measured load; the server is stopped after.
 * `databasePids` (optional) names the database server's processes serving it, found after the warm-up
 * (the pool has opened its connections by then): their CPU over the load is the "db CPU" column.
 */
async function scenario(name, script, env, prepare, databasePids) {
  const p = port++;
  const server = await start(script, p, env, cpuProfDir);
  try {
    const { path, headers } = await prepare(p);
    const url = `http://127.0.0.1:${p}${path}`;
    await load(url, headers, Math.max(1, seconds / 2), connections); // warm-up: JIT, statement caches
    const startupRssMb = await peakRssMb(server.pid);
    // A database whose processes cannot be listed costs the column, never the scenario.
    const dbPids = databasePids ? await databasePids().catch(() => []) : [];
    const reset = await resetPeakRss(server.pid);
    const dbBefore = await processesCpuMicros(dbPids);
    const before = await serverCpuMicros(server.pid);
    const r = await load(url, headers, seconds, connections);
    const after = await serverCpuMicros(server.pid);
    const dbAfter = await processesCpuMicros(dbPids);
    // Wrong answers fail the run; timeouts and socket errors on an overloaded machine are only reported.
    const errors = r.non2xx + (r.requests.total === 0 ? 1 : 0);
    const socketErrors = r.errors;
    const cpuMs = (after - before) / Math.max(1, r.requests.total) / 1000;
    const dbCpuMs = dbPids.length > 0 ? (dbAfter - dbBefore) / Math.max(1, r.requests.total) / 1000 : null;
    const loadRssMb = await peakRssMb(server.pid);
    // Without the reset, the one figure is the peak of the process's whole life.
    const rssMb = reset ? loadRssMb : Math.max(startupRssMb, loadRssMb);
    return {
      name,
      cpuMs,
      dbCpuMs,
      rps: r.requests.average,
      requests: r.requests.total,
      errors,
      socketErrors,
      rssMb,
      startupRssMb,
    };
  } finally {
    await server.stop();
  }
}

const sessionPrep = async (p) => ({
  path: "/api/auth/get-session",
  headers: { cookie: (await signUp(p, "bench@example.com")).cookie },
});

console.log(
  `${short ? "short run: " : ""}${seconds} s per load run (after ${Math.max(1, seconds / 2)} s warm-up), ${connections} connections, ` +
    `node ${process.version}, ${cpus().length} CPUs shared with the load generator`,
);
const rows = [];
const skipped = [];
if (wanted("bare"))
  rows.push(await scenario("bare node:http (floor)", bareScript, {}, async () => ({ path: "/", headers: {} })));
if (wanted("session"))
  rows.push({ ...(await scenario("get-session SQLite", target, {}, sessionPrep)), goal: goals.session });
if (wanted("drizzle")) {
  // The same get-session through @gatehouse-auth/drizzle (ADAPTER=drizzle): goal ≤ 1.3× the kysely path's CPU.
  const kysely = rows.find((r) => r.name === "get-session SQLite");
  rows.push({
    ...(await scenario("get-session SQLite, Drizzle", target, { ADAPTER: "drizzle" }, sessionPrep)),
    goal: kysely ? Number((kysely.cpuMs * 1.3).toFixed(3)) : undefined,
  });
}
if (wanted("prisma")) {
  // The same get-session through @gatehouse-auth/prisma (ADAPTER=prisma, on a SQLite file): goal ≤ 1.3× the kysely path's CPU.
  const kysely = rows.find((r) => r.name === "get-session SQLite");
  rows.push({
    ...(await scenario("get-session SQLite, Prisma", target, { ADAPTER: "prisma" }, sessionPrep)),
    goal: kysely ? Number((kysely.cpuMs * 1.3).toFixed(3)) : undefined,
  });
}
if (wanted("cache"))
  rows.push({
    ...(await scenario("get-session cookie cache", target, { COOKIE_CACHE: "1" }, sessionPrep)),
    goal: goals.cache,
  });
if (wanted("postgres")) {
  if (await postgresReachable(pgUrl)) {
    // node-postgres sends PGAPPNAME as application_name: how the target's backends are found.
    const appName = `gatehouse-bench-${process.pid}`;
    rows.push({
      ...(await scenario(
        "get-session PostgreSQL",
        target,
        { DATABASE_URL: pgUrl, PGAPPNAME: appName },
        sessionPrep,
        () => postgresBackendPids(pgUrl, appName),
      )),
      goal: goals.postgres,
      dbGoal: goals.postgresDb,
    });
    if (rows.at(-1).dbCpuMs == null)
      skipped.push(`db CPU of get-session PostgreSQL: no server process found for application_name ${appName}`);
  } else skipped.push(`get-session PostgreSQL: no server at ${pgUrl.replace(/\/\/[^@]*@/, "//")}`);
}
if (wanted("org"))
  rows.push({
    ...(await scenario(`get-full-organization (${members} members)`, target, {}, async (p) => {
      const { cookie, organizationId } = await setUpOrganization(p, members);
      return {
        path: `/api/auth/organization/get-full-organization?organizationId=${organizationId}`,
        headers: { cookie },
      };
    })),
    goal: goals.org,
  });

const bare = rows.find((r) => r.name.startsWith("bare"));
const verdict = (value, goal) => (goal == null ? "" : value <= goal ? `≤ ${goal} met` : `≤ ${goal} NOT met`);
if (rows.length > 0)
  console.log(
    `\n${"scenario".padEnd(34)}${"CPU ms/req".padStart(11)}${"× bare".padStart(8)}${"req/s".padStart(8)}` +
      `${"RSS load".padStart(10)}${"RSS all".padStart(9)}${"db CPU ms/req".padStart(15)}  goal`,
  );
for (const r of rows) {
  const ratio = bare && r !== bare ? `${(r.cpuMs / bare.cpuMs).toFixed(1)}×` : "";
  const errors =
    (r.errors > 0 ? `  ${r.errors} WRONG ANSWERS of ${r.requests}` : "") +
    (r.socketErrors > 0 ? `  (${r.socketErrors} timeouts/socket errors: machine overloaded?)` : "");
  console.log(
    `${r.name.padEnd(34)}${r.cpuMs.toFixed(3).padStart(11)}${ratio.padStart(8)}${String(Math.round(r.rps)).padStart(8)}` +
      `${`${r.rssMb.toFixed(0)} MB`.padStart(10)}${`${Math.max(r.rssMb, r.startupRssMb).toFixed(0)} MB`.padStart(9)}` +
      `${(r.dbCpuMs == null ? "" : r.dbCpuMs.toFixed(3)).padStart(15)}` +
      `  ${[verdict(r.cpuMs, r.goal), r.dbCpuMs == null ? "" : `db ${verdict(r.dbCpuMs, r.dbGoal)}`].filter(Boolean).join(", ")}${errors}`,
  );
}
const session = rows.find((r) => r.name === "get-session SQLite");
if (session)
  console.log(
    `peak RSS of the get-session server under load: ${session.rssMb.toFixed(0)} MB (${verdict(session.rssMb, goals.rss)}); ` +
      `over its whole life, start-up included: ${Math.max(session.rssMb, session.startupRssMb).toFixed(0)} MB`,
  );
if (wanted("cold")) {
  const c = await coldStart(target, port++, coldRuns);
  console.log(
    `cold start to first /ok: median ${c.medianS.toFixed(2)} s wall (${c.runs.map((s) => s.toFixed(2)).join(", ")}), ` +
      `${c.cpuS.toFixed(2)} s CPU (${verdict(c.medianS, goals.cold)})`,
  );
}
for (const s of skipped) console.log(`skipped ${s}`);
const broken = rows.filter((r) => r.errors > 0);
if (broken.length > 0) {
  console.error(`wrong answers in: ${broken.map((r) => r.name).join(", ")}`);
  process.exitCode = 1;
}
