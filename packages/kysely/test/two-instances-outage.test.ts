// Two conformance-target processes (TARGET.md SHARED_STORE=1) on one database behind a TCP proxy the
// test cuts and restores: both keep running, both answer 503 DATABASE_UNAVAILABLE with Retry-After
// during the cut and log it once, and both serve the same session again afterwards. The targets run
// the packages' dist builds: `pnpm test` builds first.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import mysqlPromise from "mysql2/promise";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { MYSQL_URL, PG_URL } from "../src/test-databases.js";
import { type TcpProxy, startTcpProxy } from "@gatehouse-auth/core/testing";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

interface Target {
  proc: ChildProcess;
  base: string;
  /** Everything the process wrote to stderr so far. */
  stderr: () => string;
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  const { port } = s.address() as { port: number };
  await new Promise((resolve) => s.close(resolve));
  return port;
}

async function startTarget(databaseUrl: string): Promise<Target> {
  const port = await freePort();
  const proc = spawn(process.execPath, ["examples/conformance-target/server.mjs"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), SHARED_STORE: "1", DATABASE_URL: databaseUrl },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  proc.stderr?.on("data", (d) => {
    stderr += d;
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`target not ready:\n${stdout}${stderr}`)), 30_000);
    proc.stdout?.on("data", (d) => {
      stdout += d;
      if (stdout.includes("ready")) {
        clearTimeout(timer);
        resolve();
      }
    });
    proc.on("exit", (code) => reject(new Error(`target exited (${code}):\n${stdout}${stderr}`)));
  });
  return { proc, base: `http://127.0.0.1:${port}`, stderr: () => stderr };
}

async function call(target: Target, path: string, body?: unknown, cookie = "") {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  if (body !== undefined) Object.assign(headers, { origin: target.base, "content-type": "application/json" });
  const res = await fetch(`${target.base}/api/auth${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => null);
  return {
    status: res.status,
    retryAfter: res.headers.get("retry-after"),
    body: json,
    cookies: res.headers.getSetCookie(),
  };
}

const alive = (t: Target) => t.proc.exitCode === null && t.proc.signalCode === null;

/** A private schema (PostgreSQL) or database (MariaDB) on the real server; the URL the targets use through the proxy. */
const stores = {
  async PostgreSQL(proxyPort: number) {
    const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
    await admin.connect();
    const schema = `gh_outage_${randomBytes(5).toString("hex")}`;
    const u = new URL(PG_URL);
    u.port = String(proxyPort);
    u.searchParams.set("schema", schema);
    return {
      url: u.toString(),
      async drop() {
        await admin.query(`drop schema if exists "${schema}" cascade`);
        await admin.end();
      },
    };
  },
  async MariaDB(proxyPort: number) {
    const admin = await mysqlPromise.createConnection({ uri: MYSQL_URL, connectTimeout: 2000 });
    const database = `gh_outage_${randomBytes(5).toString("hex")}`;
    await admin.query(`create database \`${database}\``);
    const u = new URL(MYSQL_URL);
    u.port = String(proxyPort);
    u.pathname = `/${database}`;
    return {
      url: u.toString(),
      async drop() {
        await admin.query(`drop database \`${database}\``);
        await admin.end();
      },
    };
  },
};

for (const [label, upstream, open] of [
  ["PostgreSQL", PG_URL, stores.PostgreSQL],
  ["MariaDB", MYSQL_URL, stores.MariaDB],
] as const) {
  describe(`two instances on ${label} through an outage`, () => {
    const cleanup: (() => Promise<unknown>)[] = [];
    afterAll(async () => {
      for (const step of cleanup.reverse()) await step().catch(() => {});
    });

    it("both survive the cut, answer 503 with Retry-After during it, and serve the same session after", async () => {
      const proxy: TcpProxy = await startTcpProxy(Number(new URL(upstream).port));
      cleanup.push(() => proxy.close());
      const store = await open(proxy.port);
      cleanup.push(() => store.drop());
      // One after the other: the second finds the store migrated and the admin seeded.
      const a = await startTarget(store.url);
      cleanup.push(async () => a.proc.kill("SIGTERM"));
      const b = await startTarget(store.url);
      cleanup.push(async () => b.proc.kill("SIGTERM"));

      const email = `two-${randomBytes(4).toString("hex")}@example.com`;
      const signUp = await call(a, "/sign-up/email", { name: "T", email, password: "password-123" });
      expect(signUp.status).toBe(200);
      const cookie = signUp.cookies.map((c) => c.split(";")[0]).join("; ");
      for (const t of [a, b]) expect((await call(t, "/get-session", undefined, cookie)).body.user.email).toBe(email);

      await proxy.cut();
      for (const t of [a, b]) {
        for (let i = 0; i < 3; i++) {
          const r = await call(t, "/get-session", undefined, cookie);
          expect(r.status).toBe(503);
          expect(r.body.code).toBe("DATABASE_UNAVAILABLE");
          expect(r.retryAfter).toBe("5");
        }
        const signIn = await call(t, "/sign-in/email", { email, password: "password-123" });
        expect(signIn.status).toBe(503);
        expect((await call(t, "/ready")).body).toMatchObject({ database: "unavailable" });
        expect((await call(t, "/ok")).status).toBe(200);
      }
      for (const t of [a, b]) {
        expect(alive(t)).toBe(true);
        expect(t.stderr()).not.toContain("Unhandled");
        expect(t.stderr().match(/database unreachable at/g)).toHaveLength(1);
      }

      await proxy.restore();
      for (const t of [a, b]) {
        const back = await call(t, "/get-session", undefined, cookie);
        expect(back.status).toBe(200);
        expect(back.body.user.email).toBe(email);
        expect((await call(t, "/ready")).status).toBe(200);
        expect(alive(t)).toBe(true);
      }
    }, 90_000);
  });
}
