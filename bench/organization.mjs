// Measures GET /organization/list and GET /organization/get-full-organization on SQLite for an
// organization with many members, invitations and teams, and the CPU each request costs the server.
// Run from the repo root after `pnpm build`:
//   node bench/organization.mjs [--seconds 10] [--connections 16] [--members 50] [--only list|full]
//                               [--cpu-prof DIR] [--target SERVER.mjs] [--anchor-target SERVER.mjs]
// Prints, per route, req/s and server CPU per request next to the anchor library on this machine, the
// ratio to it and whether the ≥ 10× goal is met. CPU per request is the steadier number: the machine's
// cores are shared with the load generator (and often other work), which moves req/s from run to run.
// --cpu-prof DIR writes the server's V8 CPU profile there (open it in Chrome DevTools).
// --target runs another server instead of the conformance target — e.g. the anchor library set up the
// same way, to measure it on the same machine on the same day. It must listen on PORT (127.0.0.1),
// serve the same routes under /api/auth and print "ready" once it listens.
// --anchor-target measures that server first (set up the same way) and takes its numbers as the anchor
// for the ratios and verdicts, instead of the numbers recorded below: the same machine, the same day.
import { spawn } from "node:child_process";
import { cpus } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const here = dirname(fileURLToPath(import.meta.url));
const text = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const arg = (name, def) => Number(text(name) ?? def);
const seconds = arg("--seconds", 10);
const connections = arg("--connections", 16);
const memberCount = arg("--members", 50);
const only = text("--only");
const cpuProfDir = text("--cpu-prof");
const targetScript = text("--target") ?? join(here, "..", "examples", "conformance-target", "server.mjs");
const anchorScript = text("--anchor-target");
// The anchor library serving the same routes on this machine; the goal is ten times better on both.
const anchor = {
  list: { rps: 330, cpuMs: 2.8 },
  full: { rps: 260, cpuMs: 3.6 },
};
const goal = 10;
const port = 4911;
const api = `http://127.0.0.1:${port}/api/auth`;
const origin = `http://127.0.0.1:${port}`;

function start(script, profile) {
  const flags = profile && cpuProfDir ? ["--cpu-prof", "--cpu-prof-dir", cpuProfDir] : [];
  const child = spawn(process.execPath, [...flags, script], {
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

/** Reads the server's own CPU time (user and system µs) from /proc, so the client's share is excluded. */
async function serverCpuMicros(pid) {
  const { readFile } = await import("node:fs/promises");
  const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1].split(" ");
  return { user: (Number(fields[11]) / 100) * 1e6, system: (Number(fields[12]) / 100) * 1e6 };
}

async function measure(url, cookie, pid) {
  const run = () =>
    new Promise((resolve, reject) =>
      autocannon({ url, connections, duration: seconds, headers: { cookie } }, (err, r) =>
        err ? reject(err) : resolve(r),
      ),
    );
  await run(); // warm-up: JIT, statement caches
  const cpuBefore = await serverCpuMicros(pid);
  const r = await run();
  const cpuAfter = await serverCpuMicros(pid);
  const userMs = (cpuAfter.user - cpuBefore.user) / r.requests.total / 1000;
  const systemMs = (cpuAfter.system - cpuBefore.system) / r.requests.total / 1000;
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, cpuMs: userMs + systemMs, userMs, systemMs, p50: r.latency.p50 };
}

function report(name, m, base) {
  const rpsRatio = m.rps / base.rps;
  const cpuRatio = base.cpuMs / m.cpuMs;
  const verdict = (ratio) => (ratio >= goal ? "met" : "NOT met");
  console.log(
    `${name}\n` +
      `  throughput  ${Math.round(m.rps)} req/s, ${rpsRatio.toFixed(1)}× the anchor's ${Math.round(base.rps)}; ` +
      `goal ≥ ${Math.round(base.rps * goal)} req/s: ${verdict(rpsRatio)}   (p50 ${m.p50} ms)\n` +
      `  server CPU  ${m.cpuMs.toFixed(3)} ms/req (${m.userMs.toFixed(3)} user + ${m.systemMs.toFixed(3)} system), ` +
      `${cpuRatio.toFixed(1)}× less than the anchor's ${base.cpuMs.toFixed(2)} ms; goal ≤ ${(base.cpuMs / goal).toFixed(2)} ms: ${verdict(cpuRatio)}`,
  );
  return { rpsRatio, cpuRatio };
}

/** Starts a server, gives it the organization, measures the routes asked for. */
async function bench(script, profile) {
  const target = await start(script, profile);
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
      `target ${script}: organization with ${full.members.length} members, ${full.invitations.length} invitations, ` +
        `${full.teams?.length ?? 0} teams`,
    );
    const measured = {};
    if (only !== "full") measured.list = await measure(`${api}/organization/list`, owner.cookie, target.pid);
    if (only !== "list")
      measured.full = await measure(
        `${api}/organization/get-full-organization?organizationId=${org.id}`,
        owner.cookie,
        target.pid,
      );
    return measured;
  } finally {
    target.kill();
    await new Promise((resolve) => target.once("exit", resolve));
  }
}

console.log(
  `${seconds} s per run, ${connections} connections, node ${process.version}, ${cpus().length} CPUs (client shares them)`,
);
let base = anchor;
if (anchorScript) {
  const a = await bench(anchorScript, false);
  base = { ...anchor, ...a };
  for (const [key, m] of Object.entries(a))
    console.log(`  anchor ${key}: ${Math.round(m.rps)} req/s, ${m.cpuMs.toFixed(3)} ms CPU/req (measured now)`);
} else {
  console.log(
    `anchor as recorded on this machine: list ${anchor.list.rps} req/s (${anchor.list.cpuMs} ms CPU), ` +
      `full ${anchor.full.rps} req/s (${anchor.full.cpuMs} ms CPU); goal ≥ ${goal}× on both`,
  );
}
const ours = await bench(targetScript, true);
const results = [];
if (ours.list) results.push(report("GET /organization/list", ours.list, base.list));
if (ours.full) results.push(report("GET /organization/get-full-organization", ours.full, base.full));
const met = (key) => results.every((r) => r[key] >= goal);
console.log(
  `verdict: CPU per request ${met("cpuRatio") ? "meets" : "does NOT meet"} the ${goal}× goal; ` +
    `throughput ${met("rpsRatio") ? "meets" : "does NOT meet"} it${met("cpuRatio") && !met("rpsRatio") ? " (machine loaded? req/s moves with the load on the shared cores)" : ""}`,
);
