// The database goes away under a Drizzle instance the app made (a restart, a failover), staged with a
// TCP proxy the test cuts: requests answer 503 DATABASE_UNAVAILABLE with Retry-After as on kysely, the
// outage is logged once without the password, nothing is half-written, and requests recover without a
// restart. The shared servers are never touched: a private schema/database behind the suite's own proxy.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createAuth, createCoreSchema, isDatabaseUnavailableError } from "@gatehouse-auth/core";
import { createTestClient } from "@gatehouse-auth/core/testing";
import Database from "better-sqlite3";
import mysql from "mysql2";
import mysqlPromise from "mysql2/promise";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MYSQL_URL, PG_URL } from "../../kysely/src/test-databases.js";
import { type TcpProxy, recordingLogger, startTcpProxy } from "@gatehouse-auth/core/testing";
import { drizzleAdapter } from "../src/index.js";
import type { DrizzleProvider } from "../src/provider.js";
import { drizzleOver, importGeneratedSchema, migrateWithKysely } from "./open-drizzle.js";

const SECRET = "test-secret-0123456789abcdef0123456789";
// Trust authentication ignores it; it must still never reach a log line or an error message.
const PG_PASSWORD = "pg-password-never-logged";
const name = () => `gh_outage_${randomBytes(5).toString("hex")}`;

interface Store {
  /** The pool an app would make itself, pointed at the proxy. */
  appPool(): unknown;
  countUsers(email: string): Promise<number>;
  drop(): Promise<void>;
}

interface Server {
  label: string;
  provider: DrizzleProvider;
  port: number;
  open(proxyPort: () => number): Promise<Store | null>;
}

const postgres: Server = {
  label: "PostgreSQL",
  provider: "pg",
  port: Number(new URL(PG_URL).port || 5432),
  async open(proxyPort) {
    const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
    try {
      await admin.connect();
    } catch {
      return null;
    }
    const schema = name();
    await admin.query(`create schema "${schema}"`);
    const direct = new pg.Pool({ connectionString: PG_URL, options: `-c search_path=${schema}` });
    await migrateWithKysely(direct, createCoreSchema());
    return {
      appPool() {
        const u = new URL(PG_URL);
        u.password = PG_PASSWORD;
        u.port = String(proxyPort());
        return new pg.Pool({ connectionString: u.toString(), options: `-c search_path=${schema}` });
      },
      async countUsers(email) {
        const r = await direct.query(`select count(*)::int as n from "user" where email = $1`, [email]);
        return r.rows[0].n;
      },
      async drop() {
        await direct.end();
        await admin.query(`drop schema "${schema}" cascade`);
        await admin.end();
      },
    };
  },
};

const mariadb: Server = {
  label: "MariaDB",
  provider: "mysql",
  port: Number(new URL(MYSQL_URL).port || 3306),
  async open(proxyPort) {
    let admin: mysqlPromise.Connection;
    try {
      admin = await mysqlPromise.createConnection({ uri: MYSQL_URL, connectTimeout: 2000 });
    } catch {
      return null;
    }
    const database = name();
    await admin.query(`create database \`${database}\``);
    const at = (port?: number) => {
      const u = new URL(MYSQL_URL);
      u.pathname = `/${database}`;
      if (port) u.port = String(port);
      return u.toString();
    };
    const direct = mysql.createPool({ uri: at(), timezone: "Z" });
    await migrateWithKysely(direct, createCoreSchema());
    return {
      appPool: () => mysql.createPool({ uri: at(proxyPort()), timezone: "Z" }),
      async countUsers(email) {
        const [rows] = await direct.promise().query("select count(*) as n from `user` where email = ?", [email]);
        return Number((rows as { n: number }[])[0]?.n);
      },
      async drop() {
        await new Promise<void>((resolve) => direct.end(() => resolve()));
        await admin.query(`drop database \`${database}\``);
        await admin.end();
      },
    };
  },
};

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

function expectUnavailable(response: { status: number; headers: Headers; body: { code?: string } }) {
  expect(response.status).toBe(503);
  expect(response.body.code).toBe("DATABASE_UNAVAILABLE");
  expect(response.headers.get("retry-after")).toBe("5");
}

async function endPool(pool: unknown) {
  if (pool instanceof pg.Pool) await pool.end();
  else await new Promise<void>((resolve) => (pool as mysql.Pool).end(() => resolve()));
}

async function authOver(
  provider: DrizzleProvider,
  pool: unknown,
  logger: ReturnType<typeof recordingLogger>["logger"],
) {
  const { module } = await importGeneratedSchema(createCoreSchema(), provider);
  const db = drizzleOver(provider, pool, module);
  return createAuth({ database: drizzleAdapter(db, { provider, schema: module }), secret: SECRET, logger });
}

for (const server of [postgres, mariadb]) {
  describe(`Drizzle on ${server.label}: outage behind a TCP proxy`, () => {
    let proxy: TcpProxy;
    let store: Store | null = null;
    beforeAll(async () => {
      proxy = await startTcpProxy(server.port);
      store = await server.open(() => proxy.port);
      if (!store) {
        if (process.env.CI) throw new Error(`${server.label} unreachable — CI requires it`);
        console.warn(`[gatehouse] ${server.label} outage tests skipped: server unreachable`);
      }
    }, 60_000);
    afterAll(async () => {
      await proxy?.close();
      await store?.drop();
    });

    it("503 with Retry-After during the cut, logged once without the password, the same requests succeed after", async (ctx) => {
      if (!store) return ctx.skip();
      const pool = store.appPool();
      const { errors, warnings, logger } = recordingLogger();
      const auth = await authOver(server.provider, pool, logger);
      const client = createTestClient(auth);
      const email = `outage-${randomBytes(4).toString("hex")}@example.com`;
      expect((await client.post("/sign-up/email", { name: "O", email, password: "password-123" })).status).toBe(200);
      const warm = await Promise.all(Array.from({ length: 4 }, () => client.get("/get-session")));
      expect(warm.map((r) => r.status)).toEqual([200, 200, 200, 200]);

      await proxy.cut();
      if (pool instanceof pg.Pool) await until(() => pool.totalCount === 0); // idle clients errored and left
      for (let i = 0; i < 3; i++) expectUnavailable(await client.get("/get-session"));
      expectUnavailable(await client.post("/sign-in/email", { email, password: "password-123" }));
      expectUnavailable(
        await createTestClient(auth).post("/sign-up/email", {
          name: "N",
          email: `n${email}`,
          password: "password-123",
        }),
      );
      const ready = await client.get("/ready");
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ code: "DATABASE_UNAVAILABLE", database: "unavailable" });
      await expect(auth.ready()).rejects.toSatisfy(isDatabaseUnavailableError);

      const outage = errors.filter((l) => l.includes("database unreachable"));
      expect(outage).toHaveLength(1);
      expect(outage[0]).toContain(`127.0.0.1:${proxy.port}`);
      expect(errors.join("\n")).not.toContain(PG_PASSWORD);
      // Drizzle's own query errors list the bound values (hashes, tokens): none reaches the log.
      expect(errors.join("\n")).not.toContain("params:");
      expect(errors.filter((l) => l.includes("unhandled error"))).toEqual([]);

      await proxy.restore();
      const back = await client.get("/get-session");
      expect(back.status).toBe(200);
      expect(back.body.user.email).toBe(email);
      expect((await client.get("/ready")).status).toBe(200);
      expect(warnings.some((w) => w.includes("answers again"))).toBe(true);
      await endPool(pool);
    });

    it("a cut in the middle of a sign-up leaves no half-written user (the transaction rolls back)", async (ctx) => {
      if (!store) return ctx.skip();
      const pool = store.appPool();
      const auth = await authOver(server.provider, pool, recordingLogger().logger);
      await auth.ready();
      const email = `half-${randomBytes(4).toString("hex")}@example.com`;
      const cutting = proxy.cutWhen(server === postgres ? `insert into "account"` : "insert into `account`");
      const signUp = await createTestClient(auth).post("/sign-up/email", {
        name: "H",
        email,
        password: "password-123",
      });
      await cutting;
      expectUnavailable(signUp);
      await proxy.restore();
      expect(await store.countUsers(email)).toBe(0);
      const again = await createTestClient(auth).post("/sign-up/email", { name: "H", email, password: "password-123" });
      expect(again.status).toBe(200);
      expect(await store.countUsers(email)).toBe(1);
      await endPool(pool);
    });
  });
}

describe("Drizzle on SQLite locked by another connection", () => {
  it("answers 503 DATABASE_UNAVAILABLE while the file is locked, and serves once it is free", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gh-drizzle-busy-"));
    try {
      const file = join(dir, "auth.db");
      const sqlite = new Database(file, { timeout: 0 });
      await migrateWithKysely(sqlite, createCoreSchema());
      const { errors, logger } = recordingLogger();
      const auth = await authOver("sqlite", sqlite, logger);
      await auth.ready();
      const client = createTestClient(auth);
      const locker = new Database(file);
      locker.exec("begin exclusive");
      expectUnavailable(
        await client.post("/sign-up/email", { name: "B", email: "busy@example.com", password: "password-123" }),
      );
      expect(errors.filter((l) => l.includes("locked by another connection"))).toHaveLength(1);
      locker.exec("commit");
      locker.close();
      const ok = await client.post("/sign-up/email", {
        name: "B",
        email: "busy@example.com",
        password: "password-123",
      });
      expect(ok.status).toBe(200);
      sqlite.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
