// Measures GET /organization/list and GET /organization/get-full-organization on SQLite for an
// organization with many members, invitations and teams, and the CPU each request costs the server.
// Run from the repo root after `pnpm build`:
//   node bench/organization.mjs [--seconds 10] [--connections 16] [--members 50]
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
const connections = arg("--connections", 16);
const memberCount = arg("--members", 50);
const port = 4911;
const api = `http://127.0.0.1:${port}/api/auth`;
const origin = `http://127.0.0.1:${port}`;

function start() {
  const child = spawn(process.execPath, [join(here, "..", "examples", "conformance-target", "server.mjs")], {
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.stdout.on("data", (d) => String(d).includes("ready") && resolve(child));
    child.on("exit", (code) => reject(new Error(`target exited ${code}`)));
  });
}

async function call(path, { cookie, body, method = body ? "POST" : "GET" } = {}) {
  const res = await fetch(`${api}${path}`, {
    method,
    headers: { "content-type": "application/json", origin, ...(cookie ? { cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  const setCookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { json, cookie: setCookie };
}

async function signUp(i) {
  const email = `bench-${i}@example.com`;
  const r = await call("/sign-up/email", { body: { name: `Bench ${i}`, email, password: "bench-password-1" } });
  return { cookie: r.cookie, email };
}

/** Reads the server's own CPU time (user + system µs) from /proc, so the client's share is excluded. */
async function serverCpuMicros(pid) {
  const { readFile } = await import("node:fs/promises");
  const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1].split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks / 100) * 1e6;
}

async function measure(name, url, cookie, pid) {
  const run = () =>
    new Promise((resolve, reject) =>
      autocannon({ url, connections, duration: seconds, headers: { cookie } }, (err, r) =>
        err ? reject(err) : resolve(r),
      ),
    );
  await run(); // warm-up
  const cpuBefore = await serverCpuMicros(pid);
  const r = await run();
  const cpu = (await serverCpuMicros(pid)) - cpuBefore;
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  const perRequest = cpu / r.requests.total;
  console.log(
    `${name.padEnd(34)} ${Math.round(r.requests.average).toString().padStart(6)} req/s   p50 ${r.latency.p50} ms   server CPU ${(perRequest / 1000).toFixed(2)} ms/req`,
  );
}

const target = await start();
try {
  const owner = await signUp("owner");
  const org = (await call("/organization/create", { cookie: owner.cookie, body: { name: "Bench", slug: "bench" } }))
    .json;
  for (let t = 0; t < 5; t++)
    await call("/organization/create-team", {
      cookie: owner.cookie,
      body: { name: `Team ${t}`, organizationId: org.id },
    });
  for (let i = 0; i < memberCount; i++) {
    const user = await signUp(i);
    const inv = (
      await call("/organization/invite-member", {
        cookie: owner.cookie,
        body: { email: user.email, role: "member", organizationId: org.id },
      })
    ).json;
    await call("/organization/accept-invitation", { cookie: user.cookie, body: { invitationId: inv.id } });
  }
  for (let i = 0; i < 10; i++)
    await call("/organization/invite-member", {
      cookie: owner.cookie,
      body: { email: `pending-${i}@example.com`, role: "member", organizationId: org.id },
    });
  const full = (await call(`/organization/get-full-organization?organizationId=${org.id}`, { cookie: owner.cookie }))
    .json;
  console.log(
    `${seconds} s per run, ${connections} connections, node ${process.version}, ${cpus().length} CPUs (client shares them); ` +
      `organization with ${full.members.length} members, ${full.invitations.length} invitations, ${full.teams?.length ?? 0} teams`,
  );
  await measure("GET /organization/list", `${api}/organization/list`, owner.cookie, target.pid);
  await measure(
    "GET /organization/get-full-organization",
    `${api}/organization/get-full-organization?organizationId=${org.id}`,
    owner.cookie,
    target.pid,
  );
  console.log("anchor on this machine: list ≈ 330 req/s (2.8 ms CPU), full ≈ 260 req/s (3.6 ms CPU); goal ≥ 10×");
} finally {
  target.kill();
}
