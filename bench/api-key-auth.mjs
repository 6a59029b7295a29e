// Measures GET /get-session authenticated by an x-api-key header (no cookie) on SQLite: requests/s and
// the server's CPU per request, for both paths a key takes, each judged against the goal:
// - read-only: the per-key rate limit off (API_KEY_RATE_LIMIT=0), one indexed lookup by key hash, no write;
// - lookup plus write: a per-key rate limit too high to trip, so every request also makes the one
//   conditional UPDATE of the key's counters (issue #6), as a key with `remaining` does.
// The goal (issue #6) is ten times the anchor library's ~780 keys/s on this machine: ≥ 7,800 req/s, or,
// since the load generator shares the CPUs, ≤ 120 µs of server CPU per request. The cookie get-session
// is printed for scale. The target server runs the admin plugin too, so its ban check is on the path.
// Run from the repo root after building (`npx tsup` in packages/api-key):
//   node bench/api-key-auth.mjs [--seconds 10] [--connections 32]
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { cpus } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const here = dirname(fileURLToPath(import.meta.url));
const arg = (name, def) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const seconds = arg("--seconds", 10);
const connections = arg("--connections", 32);
const ANCHOR_RPS = 780;
const GOAL_RPS = 10 * ANCHOR_RPS;
const GOAL_CPU_US = 120;
const verdict = (m) =>
  `${m.rps >= GOAL_RPS || m.cpu <= GOAL_CPU_US ? "met" : "NOT met"} (${(m.rps / ANCHOR_RPS).toFixed(1)}× the anchor's req/s)`;

function start(port, rateLimit) {
  const child = spawn(process.execPath, [join(here, "..", "examples", "conformance-target", "server.mjs")], {
    env: { ...process.env, PORT: String(port), API_KEY_RATE_LIMIT: rateLimit },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.stdout.on("data", (d) => String(d).includes("ready") && resolve(child));
    child.on("exit", (code) => reject(new Error(`target exited ${code}`)));
  });
}

/** A user, their session cookie and an API key of theirs; checks the key really authenticates get-session. */
async function newKey(port) {
  const origin = `http://127.0.0.1:${port}`;
  const api = `${origin}/api/auth`;
  const signUp = await fetch(`${api}/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ name: "Bench", email: "bench-key@example.com", password: "bench-password-1" }),
  });
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const created = await fetch(`${api}/api-key/create`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, cookie },
    body: JSON.stringify({ name: "bench" }),
  });
  const { key } = await created.json();
  const check = await (await fetch(`${api}/get-session`, { headers: { "x-api-key": key } })).json();
  if (!check?.user) throw new Error(`x-api-key did not authenticate get-session: ${JSON.stringify(check)}`);
  return { key, cookie };
}

/** The server's own CPU time (user + system, µs) from /proc, so the load generator's share is excluded. */
async function serverCpuMicros(pid) {
  const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) / 100) * 1e6;
}

function load(port, headers) {
  return new Promise((resolve, reject) =>
    autocannon(
      { url: `http://127.0.0.1:${port}/api/auth/get-session`, connections, duration: seconds, headers },
      (err, r) => (err ? reject(err) : resolve(r)),
    ),
  );
}

/** requests/s and server CPU µs per request of get-session with `headers`, after a warm-up run. */
async function measure(target, port, headers) {
  await load(port, headers); // warm-up: JIT, statement caches
  const cpuBefore = await serverCpuMicros(target.pid);
  const r = await load(port, headers);
  const cpu = ((await serverCpuMicros(target.pid)) - cpuBefore) / r.requests.total;
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: Math.round(r.requests.average), cpu: Math.round(cpu), p50: r.latency.p50, p99: r.latency.p99 };
}

const off = await start(4921, "0");
const on = await start(4922, "1000000000");
try {
  const a = await newKey(4921);
  const b = await newKey(4922);
  const lookup = await measure(off, 4921, { "x-api-key": a.key });
  const counted = await measure(on, 4922, { "x-api-key": b.key });
  const cookie = await measure(off, 4921, { cookie: a.cookie });
  const row = (name, m) =>
    `  ${name}: ${m.rps} req/s, ${m.cpu} µs CPU/req, p50 ${m.p50} ms, p99 ${m.p99} ms — goal ${verdict(m)}`;
  console.log(
    [
      `api-key get-session on SQLite (goal ≥ ${GOAL_RPS} req/s or ≤ ${GOAL_CPU_US} µs CPU/req; ` +
        `${seconds} s, ${connections} conns, node ${process.version}, ${cpus().length} CPUs shared with the client)`,
      row("read-only (limit off: 1 lookup)", lookup),
      row("lookup + write (limit on: 1 lookup + 1 UPDATE)", counted),
      `  cookie get-session, for scale: ${cookie.rps} req/s, ${cookie.cpu} µs CPU/req`,
    ].join("\n"),
  );
} finally {
  off.kill();
  on.kill();
}
