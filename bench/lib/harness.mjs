// Shared pieces of bench/run.mjs: starting a server, loading it, reading its CPU and memory from /proc.
import { spawn } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { connect } from "node:net";
import autocannon from "autocannon";

// pg is the conformance target's dependency, not the repo root's: resolve it from there.
const requireFromTarget = createRequire(new URL("../../examples/conformance-target/package.json", import.meta.url));

/** Spawns `script` on `port` and resolves once it prints "ready"; `stop()` ends it and waits. */
export function start(script, port, env = {}, cpuProfDir) {
  const flags = cpuProfDir ? ["--cpu-prof", "--cpu-prof-dir", cpuProfDir] : [];
  const child = spawn(process.execPath, [...flags, script], {
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return new Promise((resolve, reject) => {
    child.stdout.on("data", (d) => {
      if (!String(d).includes("ready")) return;
      resolve({
        pid: child.pid,
        stop: async () => {
          child.kill("SIGTERM");
          await exited;
        },
      });
    });
    child.once("exit", (code) => reject(new Error(`${script} exited ${code} before it was ready`)));
  });
}

/** One autocannon run; resolves with its result. */
export function load(url, headers, seconds, connections) {
  return new Promise((resolve, reject) =>
    autocannon({ url, connections, duration: seconds, headers }, (err, r) => (err ? reject(err) : resolve(r))),
  );
}

/** The process's user + system CPU time in µs (clock ticks of 10 ms), so the client's share is excluded. */
export async function serverCpuMicros(pid) {
  const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/**
 * The PostgreSQL server processes (backends) serving the connections whose application_name is `name`
 * (the bench gives the target PGAPPNAME, which node-postgres sends). They run on this machine, so their
 * CPU time can be read from /proc like the target's own.
 */
export async function postgresBackendPids(url, name) {
  const { default: pg } = await import(requireFromTarget.resolve("pg"));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query("SELECT pid FROM pg_stat_activity WHERE application_name = $1", [name]);
    return r.rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/** The summed user + system CPU time in µs of processes that may have gone (a vanished one counts 0). */
export async function processesCpuMicros(pids) {
  let total = 0;
  for (const pid of pids) total += await serverCpuMicros(pid).catch(() => 0);
  return total;
}

/** The process's peak resident set (VmHWM) in MB. */
export async function peakRssMb(pid) {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/**
 * Resets the process's VmHWM to its current RSS (Linux ≥ 4.0: "5" to clear_refs), so the next reading
 * is the peak of what follows — the load — not of start-up (where scrypt's 32 MiB for the seeded
 * admin's password, and module compilation, set it). False where the kernel does not allow it.
 */
export async function resetPeakRss(pid) {
  try {
    await writeFile(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

/** Whether something accepts TCP connections at the URL's host and port. */
export function postgresReachable(url) {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: u.hostname, port: Number(u.port || 5432) });
    socket.setTimeout(1000);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function call(port, path, { cookie, body } = {}) {
  const origin = `http://127.0.0.1:${port}`;
  const res = await fetch(`${origin}/api/auth${path}`, {
    method: body ? "POST" : "GET",
    headers: { "content-type": "application/json", origin, ...(cookie ? { cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  const setCookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { json, cookie: setCookie };
}

/** Signs a user up and returns its session cookie, checked with one get-session. */
export async function signUp(port, email) {
  const { cookie } = await call(port, "/sign-up/email", {
    body: { name: "Bench", email, password: "bench-password-1" },
  });
  const check = await call(port, "/get-session", { cookie });
  if (!check.json?.user) throw new Error("get-session did not return the user");
  return { cookie, email };
}

/** Opens the verify-email link the conformance target recorded for `email` (its test outbox). */
async function verifyThroughOutbox(port, email, cookie) {
  const mails = await (await fetch(`http://127.0.0.1:${port}/__test/outbox`)).json();
  const mail = mails.findLast((m) => m.to === email.toLowerCase() && m.type === "verify-email");
  if (!mail) throw new Error(`no verification mail to ${email} in the target's outbox`);
  const r = await fetch(mail.url, { headers: { cookie }, redirect: "manual" });
  if (r.status >= 400) throw new Error(`verification link for ${email}: ${r.status}`);
}

/** An organization with `members` members, 10 pending invitations and 5 teams; the owner's cookie. */
export async function setUpOrganization(port, members) {
  const owner = await signUp(port, "owner@example.com");
  const org = (
    await call(port, "/organization/create", { cookie: owner.cookie, body: { name: "Bench", slug: "bench" } })
  ).json;
  for (let t = 0; t < 5; t++)
    await call(port, "/organization/create-team", {
      cookie: owner.cookie,
      body: { name: `Team ${t}`, organizationId: org.id },
    });
  for (let i = 0; i < members + 10; i++) {
    const email = `member-${i}@example.com`;
    const invitation = (
      await call(port, "/organization/invite-member", {
        cookie: owner.cookie,
        body: { email, role: "member", organizationId: org.id },
      })
    ).json;
    if (i >= members) continue; // the last ten stay pending
    const user = await signUp(port, email);
    // Invitations need a verified address (the library's default): follow the link the target "mailed".
    await verifyThroughOutbox(port, email, user.cookie);
    await call(port, "/organization/accept-invitation", { cookie: user.cookie, body: { invitationId: invitation.id } });
  }
  return { cookie: owner.cookie, organizationId: org.id };
}

/** Spawn → first 200 from /api/auth/ok, `runs` times: the wall times and the median CPU time used by then. */
export async function coldStart(script, port, runs) {
  const walls = [];
  const cpus = [];
  for (let i = 0; i < runs; i++) {
    const began = performance.now();
    const child = spawn(process.execPath, [script], {
      env: { ...process.env, PORT: String(port) },
      stdio: ["ignore", "ignore", "inherit"],
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/auth/ok`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (child.exitCode !== null) throw new Error(`${script} exited ${child.exitCode} during cold start`);
      if (performance.now() - began > 30_000) throw new Error(`${script}: no /ok within 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    walls.push((performance.now() - began) / 1000);
    cpus.push((await serverCpuMicros(child.pid)) / 1e6);
    child.kill("SIGTERM");
    await exited;
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return { runs: walls, medianS: median(walls), cpuS: median(cpus) };
}
