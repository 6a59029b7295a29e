// Measures GET /get-session with a valid cookie on SQLite next to a bare node:http server, in the
// same run on the same machine, and prints the ratio. Run from the repo root after `pnpm build`:
//   node bench/get-session.mjs [--seconds 10] [--connections 32]
import { spawn } from "node:child_process";
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

function start(script, port, env = {}) {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.stdout.on("data", (d) => String(d).includes("ready") && resolve(child));
    child.on("exit", (code) => reject(new Error(`${script} exited ${code}`)));
  });
}

function load(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, headers }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

async function measure(name, url, headers) {
  await load(url, headers).catch(() => {}); // warm-up: JIT, statement caches
  const r = await load(url, headers);
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  console.log(
    `${name.padEnd(28)} ${Math.round(r.requests.average).toString().padStart(7)} req/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms`,
  );
  return r.requests.average;
}

async function session(port) {
  const signUp = await fetch(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Bench", email: "bench@example.com", password: "bench-password-1" }),
  });
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const check = await (await fetch(`http://127.0.0.1:${port}/api/auth/get-session`, { headers: { cookie } })).json();
  if (!check?.user) throw new Error("get-session did not return the user");
  return cookie;
}

const targetScript = join(here, "..", "examples", "conformance-target", "server.mjs");
const bare = await start(join(here, "bare-server.mjs"), 4901);
const target = await start(targetScript, 4902);
const cached = await start(targetScript, 4903, { COOKIE_CACHE: "1" });
try {
  console.log(
    `${seconds} s per run, ${connections} connections, node ${process.version}, ${cpus().length} CPUs (client shares them)`,
  );
  const bareRps = await measure("bare node:http", "http://127.0.0.1:4901/", {});
  const ghRps = await measure("get-session (SQLite query)", "http://127.0.0.1:4902/api/auth/get-session", {
    cookie: await session(4902),
  });
  const cachedRps = await measure("get-session (cookie cache)", "http://127.0.0.1:4903/api/auth/get-session", {
    cookie: await session(4903),
  });
  const pct = (x) => `${((x / bareRps) * 100).toFixed(1)}%`;
  console.log(
    `ratio to bare node:http: ${pct(ghRps)} with one SQLite query, ${pct(cachedRps)} with the cookie cache (goal ≥ 40%)`,
  );
} finally {
  bare.kill();
  target.kill();
  cached.kill();
}
