#!/usr/bin/env node
// Bounded, seeded fuzzing of every route in the OpenAPI document of the conformance target.
//   node fuzz/run.mjs [--seed S] [--count N] [--databases sqlite,postgres,mariadb] [--port P] [--server FILE]
//                     [--timeout MS] [--retry-timeout MS] [--only I,J,…] [--json FILE] [--large-bodies]
//                     [--verbose] [--trace]
// Fails (exit 1) on any 5xx, any request that hangs, and the target exiting. See fuzz/README.md.
import { writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildCases, generateRequest, largeBodyCases, operationsOf } from "./generate.mjs";
import { send } from "./http.mjs";
import { causeOf, describeRequest, normalizeCause } from "./report.mjs";
import { createRng } from "./rng.mjs";
import { call, ensureSessions, mintToken, setupSessions } from "./session.mjs";
import { liveTargets, startTarget } from "./target.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const opt = (name, env, def) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : (process.env[env] ?? def);
};
const seed = opt("--seed", "FUZZ_SEED", "1");
// Default: one pass over every case of every operation, per database.
const countOption = opt("--count", "FUZZ_COUNT", "");
const databases = opt("--databases", "FUZZ_DATABASES", "sqlite,postgres,mariadb").split(",").filter(Boolean);
const port = Number(opt("--port", "FUZZ_PORT", "4790"));
// Per request. A request that passes it is retried once with RETRY_MS before it counts as a hang,
// so a machine busy with other work does not produce false failures.
const timeoutMs = Number(opt("--timeout", "FUZZ_TIMEOUT_MS", "5000"));
const RETRY_MS = Number(opt("--retry-timeout", "FUZZ_RETRY_TIMEOUT_MS", "30000"));
// The target: the conformance target by default; the self-test points it at a deliberately broken one.
const server = resolve(opt("--server", "FUZZ_SERVER", resolve(root, "examples/conformance-target/server.mjs")));
const only = opt("--only", "FUZZ_ONLY", "").split(",").filter(Boolean).map(Number);
const jsonOut = opt("--json", "FUZZ_JSON", "");
// Only the 2 MB body cases (Content-Length and chunked, every operation with a body), e.g. repeated
// with --count to check that an oversized body always gets its answer.
const largeBodies = args.includes("--large-bodies") || process.env.FUZZ_LARGE_BODIES === "1";
const verbose = args.includes("--verbose");
const trace = args.includes("--trace"); // one line per request
const BATCH = 25; // requests between liveness and session checks
const MAX_RESTARTS = 25; // per database, so a target that dies on every request still ends the run
const URLS = {
  sqlite: undefined,
  postgres: process.env.FUZZ_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test",
  mariadb: process.env.FUZZ_MARIADB_URL ?? "mysql://root@127.0.0.1:3306/test",
};
for (const db of databases) if (!(db in URLS)) throw new Error(`unknown database ${db} (sqlite, postgres, mariadb)`);

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));
const failures = [];
const covered = new Set();
let requestsSent = 0;
let operations = null; // from the first target's document; the same for every run
let cases = null; // every [operation, case] pair
let count = 0;

console.log(`fuzz: seed ${seed}, timeout ${timeoutMs} ms (retry ${RETRY_MS} ms)`);

/** Request #index's [operation, case] on db: a seeded order of all pairs, again if count goes past it. */
const plans = new Map();
function caseFor(db, index) {
  const cycle = Math.floor(index / cases.length);
  const key = `${db}:${cycle}`;
  if (!plans.has(key)) plans.set(key, createRng(seed, db, "plan", cycle).shuffle(cases));
  return plans.get(key)[index % cases.length];
}

async function boot(db, ctx) {
  const target = await startTarget({ server, cwd: root, port, databaseUrl: URLS[db] });
  liveTargets.add(target);
  try {
    if (!ctx.doc) {
      const res = await call(ctx, "GET", "/open-api/generate-schema");
      if (res.status !== 200 || !res.json?.paths)
        throw new Error(`harness: no OpenAPI document (${res.status ?? res.error})`);
      ctx.doc = res.json;
      if (!operations) {
        operations = operationsOf(res.json);
        const casesOf = largeBodies ? largeBodyCases : buildCases;
        cases = operations.flatMap((o) => casesOf(o, res.json).map((c) => [o, c]));
        count = countOption ? Number(countOption) : cases.length;
        console.log(
          `fuzz: ${operations.length} operations, ${cases.length} cases, ${count} requests per database (${databases.join(", ")})`,
        );
      }
    }
    await setupSessions(ctx);
  } catch (e) {
    liveTargets.delete(target);
    await target.stop();
    throw e;
  }
  return target;
}

function record(db, index, opEntry, req, kind, detail) {
  const failure = { db, index, route: `${opEntry.method} ${opEntry.path}`, kind, req, ...detail };
  failure.cause = causeOf(failure);
  failure.key = `${failure.route} | ${kind}${detail.status ? ` ${detail.status}` : ""} | ${normalizeCause(failure.cause)}`;
  const firstOfKind = !failures.some((f) => f.db === db && f.key === failure.key);
  failures.push(failure);
  if (firstOfKind || verbose) {
    console.log(
      `FAIL [${db}] #${index} ${failure.route}: ${kind}${detail.status ? ` ${detail.status}` : ""} (as ${req.identity}; ${req.notes.join("; ") || "no mutation"})`,
    );
    for (const line of describeRequest(req)) console.log(`    ${line}`);
    console.log(`    server: ${failure.cause}`);
    console.log(`    replay: node fuzz/run.mjs --seed ${seed} --databases ${db} --only ${index}`);
  }
}

async function runDatabase(db) {
  const started = Date.now();
  const ctx = { port, base: `http://127.0.0.1:${port}`, prefix: "/api/auth", userCount: 0 };
  let target;
  try {
    target = await boot(db, ctx);
  } catch (e) {
    console.log(`FAIL [${db}] the target did not start: ${e.message}`);
    failures.push({ db, kind: "start", key: `start | ${db}`, cause: e.message.split("\n")[0], req: null });
    return;
  }
  const indices = only.length ? only : Array.from({ length: count }, (_, i) => i);
  let restarts = 0;
  let sent = 0;
  const statuses = {};
  const restart = async () => {
    liveTargets.delete(target);
    await target.stop();
    if (++restarts > MAX_RESTARTS) throw new Error(`the target died ${restarts} times; giving up on ${db}`);
    target = await boot(db, ctx);
  };
  try {
    for (const index of indices) {
      const [opEntry, theCase] = caseFor(db, index);
      const beforeMint = target.stderr.length;
      await mintToken(ctx, opEntry.path);
      if (!target.alive) {
        // The harness's own set-up request (sign-up, password reset, delete-user) killed it.
        const req = {
          identity: "harness",
          method: "(token minting for)",
          target: opEntry.path,
          headers: [],
          body: null,
        };
        record(db, index, opEntry, { ...req, notes: ["see fuzz/session.mjs mintToken"] }, "crash", {
          log: target.logSince(beforeMint),
        });
        await restart();
        continue;
      }
      covered.add(`${opEntry.method} ${opEntry.path}`);
      // Each database gets its own stream (more distinct requests in the same budget); --only with
      // the same seed and database regenerates request #index exactly.
      const req = generateRequest(opEntry, theCase, createRng(seed, db, index), ctx);
      const mark = target.stderr.length;
      let res = await send(port, req, timeoutMs);
      sent++;
      requestsSent++;
      let note = "";
      if (res.error && target.alive) {
        // Not answered in time, or the connection closed without an answer: give the server a
        // moment (a crash takes a few ms to show), then retry once with a long timeout before
        // calling it a failure.
        await sleep(200);
        if (target.alive) {
          const first = res.error;
          res = await send(port, req, RETRY_MS);
          note = `first attempt: ${first}; retried`;
          if (!res.error)
            console.log(
              `note [${db}] #${index}: ${first} on the first attempt, answered ${res.status} in ${res.ms} ms on retry`,
            );
        }
      }
      await sleep(0);
      const log = () => target.logSince(mark);
      if (!target.alive || res.error === "refused") {
        await sleep(100);
        const exit = target.exited ?? {};
        record(db, index, opEntry, req, "crash", {
          log: log(),
          exit: `code ${exit.code}, signal ${exit.signal}`,
          note: `the target exited (code ${exit.code}, signal ${exit.signal}) ${note}`,
        });
        await restart();
        continue;
      }
      const bucket = res.error ?? res.status;
      if (trace)
        console.log(
          `  #${index} ${req.identity} ${req.method} ${req.target.slice(0, 80)} -> ${bucket} ${res.body?.toString("utf8").slice(0, 100) ?? ""} | ${req.notes.join("; ")}`,
        );
      statuses[bucket] = (statuses[bucket] ?? 0) + 1;
      if (res.error === "timeout") record(db, index, opEntry, req, "hang", { log: log(), note });
      else if (res.error) record(db, index, opEntry, req, "no-response", { log: log(), note: `${res.error} ${note}` });
      else if (res.status >= 500) {
        await sleep(20); // the server logs the error around the time it answers
        record(db, index, opEntry, req, "5xx", {
          status: res.status,
          log: log(),
          responseBody: res.body.toString("utf8").slice(0, 500),
        });
      }
      if (sent % BATCH === 0 || index === indices[indices.length - 1]) {
        const ok = await call(ctx, "GET", "/ok", undefined, undefined, RETRY_MS);
        if (!target.alive || ok.status !== 200) {
          await sleep(100);
          record(db, index, opEntry, req, target.alive ? "unresponsive" : "crash", {
            log: target.logSince(Math.max(0, mark - 2000)),
            note: `GET /ok after this batch answered ${ok.status ?? ok.error}; target ${target.alive ? "alive" : `exited (${JSON.stringify(target.exited)})`}; last request of the batch shown`,
          });
          await restart();
          continue;
        }
        const fixed = await ensureSessions(ctx);
        if (verbose && fixed.length) console.log(`  [${db}] after #${index}: ${fixed.join(", ")}`);
      }
    }
  } catch (e) {
    console.log(`FAIL [${db}] harness stopped: ${e.message}`);
    failures.push({ db, kind: "harness", key: `harness | ${db} | ${e.message}`, cause: e.message, req: null });
  }
  liveTargets.delete(target);
  await target.stop();
  const secs = (Date.now() - started) / 1000;
  const mine = failures.filter((f) => f.db === db).length;
  const byStatus = Object.entries(statuses)
    .map(([k, v]) => `${k}: ${v}`)
    .join(", ");
  console.log(
    `fuzz[${db}]: ${sent} requests in ${secs.toFixed(1)} s, ${restarts} restarts, ${mine} failures (${byStatus})`,
  );
}

for (const db of databases) await runDatabase(db);

// One entry per route and cause, across databases, with its shortest request as the repro.
const distinct = new Map();
for (const f of failures) {
  const entry = distinct.get(f.key) ?? { key: f.key, count: 0, dbs: new Set(), repro: f };
  entry.count++;
  entry.dbs.add(f.db);
  const size = (x) => (x.req ? describeRequest(x.req).join("\n").length : 0);
  if (size(f) < size(entry.repro)) entry.repro = f;
  distinct.set(f.key, entry);
}
if (distinct.size) {
  console.log(`\nfuzz: ${distinct.size} distinct failures (route | kind | cause):`);
  for (const e of distinct.values()) {
    const r = e.repro;
    console.log(`- ${e.key}  [${[...e.dbs].join(", ")}; ${e.count}×]`);
    if (!r.req) continue;
    console.log(
      `    repro (seed ${seed}, #${r.index}, ${r.db}, as ${r.req.identity}; ${r.req.notes.join("; ") || "no mutation"}):`,
    );
    for (const line of describeRequest(r.req)) console.log(`      ${line}`);
  }
}
// The same causes grouped, for a reader checking fixes cause by cause.
if (distinct.size) {
  const causes = new Map();
  for (const e of distinct.values()) {
    const cause = e.key.split(" | ").slice(1).join(" | ");
    causes.set(cause, [...(causes.get(cause) ?? []), e.repro.route ?? e.key]);
  }
  console.log(`\nfuzz: ${causes.size} distinct causes:`);
  for (const [cause, routes] of causes) console.log(`- ${cause}: ${routes.length} routes (${routes.join(", ")})`);
}
if (jsonOut)
  writeFileSync(
    jsonOut,
    JSON.stringify(
      failures.map(({ req, ...f }) => ({
        ...f,
        request: req && { ...req, body: req.body?.toString("base64") ?? null },
      })),
      null,
      2,
    ),
  );
if (!only.length && operations && covered.size < operations.length)
  console.log(
    `fuzz: only ${covered.size} of ${operations.length} routes reached; one pass over every case is ${cases.length} requests`,
  );
console.log(`fuzz: ${requestsSent} requests, ${covered.size} routes, ${failures.length} failures`);
process.exit(failures.length ? 1 : 0);
