// Measures GET /get-session authenticated by an x-api-key header (no cookie) on SQLite: requests/s and
// the server's CPU per request, printed as one line. The headline runs with the per-key rate limit off
// (API_KEY_RATE_LIMIT=0): one indexed lookup by key hash, no write. Beside it, the same with a limit too
// high to trip (one lookup plus one UPDATE of the counters, issue #6) and the cookie get-session, for scale.
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
const GOAL = 7800;

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
  console.log(
    `api-key get-session on SQLite: ${lookup.rps} req/s, ${lookup.cpu} µs CPU/req, p50 ${lookup.p50} ms (limit off: 1 lookup) | ` +
      `${counted.rps} req/s, ${counted.cpu} µs (limit on: 1 lookup + 1 UPDATE) | cookie get-session ${cookie.rps} req/s, ${cookie.cpu} µs | ` +
      `${seconds} s, ${connections} conns, node ${process.version}, ${cpus().length} CPUs shared with the client | ` +
      `goal ≥ ${GOAL} req/s ${lookup.rps >= GOAL ? "met" : "NOT met"}`,
  );
} finally {
  off.kill();
  on.kill();
}
