// A database that goes away and comes back (a restart, a failover) through a TCP proxy the test cuts:
// requests answer 503 DATABASE_UNAVAILABLE with Retry-After, the process lives, the outage is logged
// once, and the same requests succeed once the proxy forwards again — no restart. The shared servers
// are never touched: each suite works in a private schema/database behind its own proxy.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createAuth, isDatabaseUnavailableError } from "@gatehouse-auth/core";
import { createTestClient } from "@gatehouse-auth/core/testing";
import Database from "better-sqlite3";
import mysql from "mysql2";
import mysqlPromise from "mysql2/promise";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabaseFromUrl } from "../src/create-database-from-url.js";
import { kyselyAdapter } from "../src/kysely-adapter.js";
import { MYSQL_URL, PG_URL } from "../src/test-databases.js";
import { type TcpProxy, recordingLogger, startTcpProxy } from "@gatehouse-auth/core/testing";

const SECRET = "test-secret-0123456789abcdef0123456789";
// Trust authentication ignores it; it must still never reach a log line or an error message.
const PG_PASSWORD = "pg-password-never-logged";

interface Server {
  label: string;
  port: number;
  /** Creates a private schema/database on the real server; its URL through `proxyPort`. */
  open(proxyPort: () => number): Promise<{
    /** The pool an app would make itself, as the docs show, pointed at the proxy. */
    appPool(): unknown;
    /** The URL an app would hand to createDatabaseFromUrl, pointed at the proxy. */
    url(): string;
    /** Counts users with this email, read directly from the server (not through the proxy). */
    countUsers(email: string): Promise<number>;
    /** Creates the tables, directly on the server. */
    migrate(): Promise<void>;
    drop(): Promise<void>;
  } | null>;
}

const name = () => `gh_outage_${randomBytes(5).toString("hex")}`;

const postgres: Server = {
  label: "PostgreSQL",
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
    const proxied = () => {
      const u = new URL(PG_URL);
      u.password = PG_PASSWORD;
      u.port = String(proxyPort());
      return u;
    };
    return {
      appPool: () => new pg.Pool({ connectionString: proxied().toString(), options: `-c search_path=${schema}` }),
      url() {
        const u = proxied();
        u.searchParams.set("options", `-c search_path=${schema}`);
        return u.toString();
      },
      async countUsers(email) {
        const r = await direct.query(`select count(*)::int as n from "user" where email = $1`, [email]);
        return r.rows[0].n;
      },
      migrate: () => migrateDirect(direct),
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
    return {
      appPool: () => mysql.createPool({ uri: at(proxyPort()), timezone: "Z" }),
      url: () => at(proxyPort()),
      async countUsers(email) {
        const [rows] = await direct.promise().query("select count(*) as n from `user` where email = ?", [email]);
        return Number((rows as { n: number }[])[0]?.n);
      },
      migrate: () => migrateDirect(direct),
      async drop() {
        await new Promise<void>((resolve) => direct.end(() => resolve()));
        await admin.query(`drop database \`${database}\``);
        await admin.end();
      },
    };
  },
};

async function migrateDirect(database: unknown) {
  await createAuth({ database: kyselyAdapter({ database }), secret: SECRET }).$context.adapter.migrate!();
}

const outageLines = (lines: string[]) => lines.filter((l) => l.includes("database unreachable"));

/** Waits until `condition` holds: for events the test cannot await (a pool noticing its sockets died). */
async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

function expectUnavailable(response: { status: number; headers: Headers; body: { code?: string } }) {
  expect(response.status).toBe(503);
  expect(response.body.code).toBe("DATABASE_UNAVAILABLE");
  expect(response.headers.get("retry-after")).toBe("5");
}

for (const server of [postgres, mariadb]) {
  describe(`${server.label} outage behind a TCP proxy`, () => {
    let proxy: TcpProxy;
    let store: Awaited<ReturnType<Server["open"]>> = null;
    beforeAll(async () => {
      proxy = await startTcpProxy(server.port);
      store = await server.open(() => proxy.port);
      if (!store) {
        if (process.env.CI) throw new Error(`${server.label} unreachable — CI requires it`);
        console.warn(`[gatehouse] ${server.label} outage tests skipped: server unreachable`);
        return;
      }
      await store.migrate();
    }, 60_000);
    afterAll(async () => {
      await proxy?.close();
      await store?.drop();
    });

    it("a pool the app made: 503 with Retry-After during the cut, logged once, the same requests succeed after", async (ctx) => {
      if (!store) return ctx.skip();
      const pool = store.appPool();
      const { errors, warnings, logger } = recordingLogger();
      const auth = createAuth({ database: kyselyAdapter({ database: pool }), secret: SECRET, logger });
      const client = createTestClient(auth);
      const email = `outage-${randomBytes(4).toString("hex")}@example.com`;
      expect((await client.post("/sign-up/email", { name: "O", email, password: "password-123" })).status).toBe(200);
      // Several connections open and idle in the pool when the cut comes: each one's death is an event.
      const warm = await Promise.all(Array.from({ length: 4 }, () => client.get("/get-session")));
      expect(warm.map((r) => r.status)).toEqual([200, 200, 200, 200]);

      await proxy.cut();
      if (pool instanceof pg.Pool) await until(() => pool.totalCount === 0); // idle clients errored and left
      for (let i = 0; i < 5; i++) expectUnavailable(await client.get("/get-session"));
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
      expect(ready.headers.get("retry-after")).toBe("5");
      expect(ready.body).toMatchObject({
        code: "DATABASE_UNAVAILABLE",
        database: "unavailable",
        secondaryStorage: "absent",
      });
      expect((await client.get("/ok")).status).toBe(200); // liveness never asks the database
      await expect(auth.ready()).rejects.toSatisfy(isDatabaseUnavailableError);

      // One line for the whole outage, naming where the database is and what happens meanwhile.
      expect(outageLines(errors)).toHaveLength(1);
      expect(outageLines(errors)[0]).toContain(`127.0.0.1:${proxy.port}`);
      expect(outageLines(errors)[0]).toContain("503");
      expect(errors.join("\n")).not.toContain(PG_PASSWORD);
      expect(errors.filter((l) => l.includes("unhandled error"))).toEqual([]); // never a 500 path

      await proxy.restore();
      const back = await client.get("/get-session");
      expect(back.status).toBe(200);
      expect(back.body.user.email).toBe(email);
      expect((await client.get("/ready")).body).toEqual({ status: "ok", database: "ok", secondaryStorage: "absent" });
      await auth.ready();
      expect(warnings.some((w) => w.includes("answers again"))).toBe(true);
      await endPool(pool);
    });

    it("a cut in the middle of a sign-up leaves no half-written user (the transaction rolls back)", async (ctx) => {
      if (!store) return ctx.skip();
      const pool = store.appPool();
      const auth = createAuth({
        database: kyselyAdapter({ database: pool }),
        secret: SECRET,
        logger: recordingLogger().logger,
      });
      const email = `half-${randomBytes(4).toString("hex")}@example.com`;
      // The user row is written inside the transaction; the account insert never reaches the server.
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
      // Nothing stands in the way of doing it again.
      const again = await createTestClient(auth).post("/sign-up/email", { name: "H", email, password: "password-123" });
      expect(again.status).toBe(200);
      expect(await store.countUsers(email)).toBe(1);
      await endPool(pool);
    });

    it("down at start (createDatabaseFromUrl): createAuth does not crash, ready() names the host, requests recover", async (ctx) => {
      if (!store) return ctx.skip();
      await proxy.cut();
      const { errors, logger } = recordingLogger();
      const opened = await createDatabaseFromUrl(store.url());
      const auth = createAuth({ database: kyselyAdapter({ database: opened.database }), secret: SECRET, logger });
      const failure = await auth.ready().then(
        () => null,
        (error: unknown) => error,
      );
      expect(isDatabaseUnavailableError(failure)).toBe(true);
      const message = (failure as Error).message;
      expect(message).toContain(`127.0.0.1:${proxy.port}`);
      expect(message).toMatch(/check that the server is running/i);
      expect(message).not.toContain(PG_PASSWORD);
      const client = createTestClient(auth);
      expect((await client.get("/ok")).status).toBe(200);
      expectUnavailable(
        await client.post("/sign-up/email", { name: "S", email: "start@example.com", password: "password-123" }),
      );
      expect((await client.get("/ready")).status).toBe(503);
      expect(errors.join("\n")).not.toContain(PG_PASSWORD);

      await proxy.restore();
      await auth.ready();
      const email = `start-${randomBytes(4).toString("hex")}@example.com`;
      expect((await client.post("/sign-up/email", { name: "S", email, password: "password-123" })).status).toBe(200);
      expect((await client.get("/get-session")).body.user.email).toBe(email);
      expect((await client.get("/ready")).status).toBe(200);
      await opened.close();
    });
  });
}

describe("SQLite locked by another connection", () => {
  it("answers 503 DATABASE_UNAVAILABLE while the file is locked, and serves once it is free", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gh-busy-"));
    try {
      const file = join(dir, "auth.db");
      // No busy wait: the lock is met at once (an app's timeout only delays the same answer).
      const sqlite = new Database(file, { timeout: 0 });
      const { errors, logger } = recordingLogger();
      const auth = createAuth({ database: kyselyAdapter({ database: sqlite }), secret: SECRET, logger });
      await auth.$context.adapter.migrate!();
      await auth.ready(); // the start-up schema check ran: the lock is met by requests
      const client = createTestClient(auth);
      const locker = new Database(file);
      locker.exec("begin exclusive");
      expectUnavailable(
        await client.post("/sign-up/email", { name: "B", email: "busy@example.com", password: "password-123" }),
      );
      expectUnavailable(
        await client.post("/sign-up/email", { name: "B", email: "busy2@example.com", password: "password-123" }),
      );
      expect(errors.filter((l) => l.includes("locked by another connection"))).toHaveLength(1);
      locker.exec("commit");
      locker.close();
      expect(
        (await client.post("/sign-up/email", { name: "B", email: "busy@example.com", password: "password-123" }))
          .status,
      ).toBe(200);
      sqlite.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("SQLite locked before the first request", () => {
  it("the start-up schema check meets the lock: 503 DATABASE_UNAVAILABLE, then served once it is free", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gh-busy-start-"));
    try {
      const file = join(dir, "auth.db");
      const sqlite = new Database(file, { timeout: 0 });
      const { logger } = recordingLogger();
      const auth = createAuth({ database: kyselyAdapter({ database: sqlite }), secret: SECRET, logger });
      await auth.$context.adapter.migrate!();
      const client = createTestClient(auth);
      const locker = new Database(file);
      locker.exec("begin exclusive");
      // No ready() awaited: the first request runs the schema check, which meets the lock.
      expectUnavailable(
        await client.post("/sign-up/email", { name: "B", email: "early@example.com", password: "password-123" }),
      );
      locker.exec("commit");
      locker.close();
      expect(
        (await client.post("/sign-up/email", { name: "B", email: "early@example.com", password: "password-123" }))
          .status,
      ).toBe(200);
      sqlite.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

async function endPool(pool: unknown) {
  if (pool instanceof pg.Pool) await pool.end();
  else await new Promise<void>((resolve) => (pool as mysql.Pool).end(() => resolve()));
}
