// Two conformance-target processes on one PostgreSQL schema and one Redis, as two app instances behind
// a load balancer (TARGET.md SHARED_STORE=1 / REDIS_URL). The target runs the packages' dist builds:
// `pnpm test` builds first.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { request } from "node:http";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, type PrivateRedis, privateRedis, unreachable } from "../src/test-redis.js";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const PG_URL = process.env.GATEHOUSE_TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";
// Picked when the suite starts, so parallel runs on one machine do not collide.
const PORTS: [number, number] = [0, 0];

/** The slice of pg's Client used here; pg is the target's dependency, not this package's. */
interface PgClient {
  connect(): Promise<void>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
}
type PgModule = { Client: new (config: { connectionString: string; connectionTimeoutMillis: number }) => PgClient };
const pg = createRequire(`${ROOT}examples/conformance-target/package.json`)("pg") as PgModule;

async function openSchema(): Promise<{ url: string; drop(): Promise<void> } | { skip: string }> {
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch (err) {
    return unreachable(`PostgreSQL unreachable at ${PG_URL} (${(err as Error).message})`);
  }
  const schema = `gh_multi_${randomBytes(5).toString("hex")}`;
  await admin.query(`create schema "${schema}"`);
  return {
    url: `${PG_URL}?schema=${schema}`,
    async drop() {
      await admin.query(`drop schema "${schema}" cascade`);
      await admin.end();
    },
  };
}

function startTarget(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ["examples/conformance-target/server.mjs"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), PROFILE: "rate-limit", SHARED_STORE: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`target on ${port} not ready:\n${output}`)), 20_000);
    proc.stdout?.on("data", (d) => {
      output += d;
      if (output.includes("ready")) {
        clearTimeout(timer);
        resolve(proc);
      }
    });
    proc.stderr?.on("data", (d) => {
      output += d;
    });
    proc.on("exit", (code) => reject(new Error(`target on ${port} exited (${code}):\n${output}`)));
  });
}

/** What the assertions read of an answer (a session, or null). */
interface Reply {
  status: number;
  body: { user: { id: string; email: string; name: string } } | null;
  cookie: string;
}

/**
 * One HTTP call to instance `i` with the browser's cookies; POSTs carry that instance's Origin. `from`
 * is the client's loopback address: the sign-in limit counts per address, so each account signs in from one of its own.
 */
function call(i: 0 | 1, path: string, body?: unknown, cookie = "", from = "127.0.0.1") {
  const base = `http://127.0.0.1:${PORTS[i]}`;
  const headers: Record<string, string> = cookie ? { cookie } : {};
  if (body !== undefined) Object.assign(headers, { origin: base, "content-type": "application/json" });
  return new Promise<Reply>((resolve, reject) => {
    const req = request(
      `${base}/api/auth${path}`,
      { method: body === undefined ? "GET" : "POST", headers, localAddress: from },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d) => {
          text += d;
        });
        res.on("end", () => {
          let parsed: Reply["body"] = null;
          try {
            parsed = JSON.parse(text) as Reply["body"];
          } catch {
            // Not JSON: the assertions on body then fail with null.
          }
          const setCookie = (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
          resolve({ status: res.statusCode ?? 0, body: parsed, cookie: setCookie });
        });
      },
    );
    req.on("error", reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

describe("two instances on one database and one Redis", () => {
  let db: Awaited<ReturnType<typeof openSchema>> = { skip: "not opened" };
  let redis: PrivateRedis | { skip: string } = { skip: "not started" };
  const targets: ChildProcess[] = [];
  let skip: string | null = null;

  beforeAll(async () => {
    redis = privateRedis(await freePort());
    PORTS[0] = await freePort();
    PORTS[1] = await freePort();
    if ("skip" in redis) skip = redis.skip;
    else {
      db = await openSchema();
      if ("skip" in db) skip = db.skip;
    }
    if (skip) return console.warn(`[gatehouse] multi-instance test skipped: ${skip}`);
    if (!existsSync(`${ROOT}packages/redis/dist/index.js`) || !existsSync(`${ROOT}packages/core/dist/index.js`))
      throw new Error("the conformance target needs the packages built: run `pnpm build` (pnpm test does)");
    await (redis as PrivateRedis).start();
    const env = { DATABASE_URL: (db as { url: string }).url, REDIS_URL: `${(redis as PrivateRedis).url}/2` };
    // One after the other: the first migrates and seeds, the second finds both done.
    targets.push(await startTarget(PORTS[0], env));
    targets.push(await startTarget(PORTS[1], env));
  }, 60_000);

  afterAll(async () => {
    for (const t of targets) {
      const exited = new Promise((r) => t.once("exit", r));
      t.kill("SIGTERM");
      await exited;
    }
    if (!("skip" in db)) await db.drop();
    if (!("skip" in redis)) await redis.destroy();
  });

  it("shares sessions, revocation and the sign-in limit, and rides out a Redis restart", async (ctx) => {
    if (skip) return ctx.skip();
    const email = `multi-${Date.now()}@example.com`;
    const up = await call(0, "/sign-up/email", { name: "Mia", email, password: "password-123" });
    expect(up.status).toBe(200);
    const cookie = up.cookie;

    // Sign in on A → the session is known on B; both have it cached now.
    expect((await call(1, "/get-session", undefined, cookie)).body?.user.email).toBe(email);
    expect((await call(0, "/get-session", undefined, cookie)).body?.user.email).toBe(email);
    // The seeded admin exists once, though both targets started on the store.
    expect(
      (await call(1, "/sign-in/email", { email: "admin@example.com", password: "admin-password-123" })).status,
    ).toBe(200);

    // Revoke on B → refused on A at once, though A had it cached.
    const second = await call(0, "/sign-in/email", { email, password: "password-123" });
    expect(second.status).toBe(200);
    expect((await call(0, "/get-session", undefined, second.cookie)).body).not.toBeNull();
    expect((await call(1, "/sign-out", {}, second.cookie)).status).toBe(200);
    expect((await call(0, "/get-session", undefined, second.cookie)).body).toBeNull();

    // 3 sign-ins per 60 s per client, counted across both: two above, one more on B, then A refuses.
    expect((await call(1, "/sign-in/email", { email, password: "wrong-password" })).status).toBe(401);
    const limited = await call(0, "/sign-in/email", { email, password: "password-123" });
    expect(limited.status).toBe(429);

    // Redis goes away mid-run: sessions read the database, writes go to the database (the source of
    // truth), nothing answers 500, nothing hangs.
    const server = redis as PrivateRedis;
    await server.stop();
    const during = [
      await call(0, "/get-session", undefined, cookie),
      await call(1, "/get-session", undefined, cookie),
      await call(1, "/sign-in/email", { email, password: "wrong-password" }),
      await call(0, "/update-user", { name: "Mia B" }, cookie),
      await call(1, "/get-session", undefined, cookie),
      await call(1, "/sign-out", {}, cookie),
      await call(0, "/get-session", undefined, cookie),
    ];
    expect(during.map((r) => r.status)).toEqual([200, 200, 401, 200, 200, 200, 200]);
    expect(during[1]?.body?.user.name).toBe("Mia");
    expect(during[4]?.body?.user.name).toBe("Mia B");
    expect(during[6]?.body).toBeNull();

    // Back again (empty, as after a restart without persistence): the revocation holds everywhere.
    await server.start();
    for (let i = 0; i < 3; i++) {
      expect((await call(0, "/get-session", undefined, cookie)).body).toBeNull();
      expect((await call(1, "/get-session", undefined, cookie)).body).toBeNull();
    }
  }, 60_000);

  it("a revocation and a ban during a hung or killed Redis hold on both instances, during and after", async (ctx) => {
    if (skip) return ctx.skip();
    const server = redis as PrivateRedis;
    const admin = await call(
      1,
      "/sign-in/email",
      { email: "admin@example.com", password: "admin-password-123" },
      "",
      "127.0.0.9",
    );
    expect(admin.status).toBe(200);
    const account = async (name: string, from: string) => {
      const email = `${name}-${Date.now()}@example.com`;
      const own = await call(0, "/sign-up/email", { name, email, password: "password-123" }, "", from);
      expect(own.status).toBe(200);
      // The session an attacker stole (a second sign-in of the same account).
      const stolen = await call(1, "/sign-in/email", { email, password: "password-123" }, "", from);
      expect(stolen.status).toBe(200);
      return { own: own.cookie, stolen: stolen.cookie, userId: own.body?.user.id as string };
    };
    const refusedEverywhere = async (cookies: string[]) => {
      for (const c of cookies)
        for (const i of [0, 1] as const) expect((await call(i, "/get-session", undefined, c)).body).toBeNull();
    };
    const ann = await account("ann", "127.0.0.10");
    const vic = await account("vic", "127.0.0.11");
    const wes = await account("wes", "127.0.0.12");
    // Every session cached on both instances before the outage.
    for (const c of [ann.own, ann.stolen, vic.own, vic.stolen, wes.own, wes.stolen])
      for (const i of [0, 1] as const) expect((await call(i, "/get-session", undefined, c)).status).toBe(200);

    // Hung (SIGSTOP): the connections stay open and nothing answers.
    server.pause();
    try {
      expect((await call(0, "/get-session", undefined, ann.stolen)).body?.user.name).toBe("ann");
      expect((await call(0, "/revoke-sessions", {}, ann.own)).status).toBe(200);
      expect((await call(1, "/admin/ban-user", { userId: vic.userId }, admin.cookie)).status).toBe(200);
      await refusedEverywhere([ann.stolen, ann.own, vic.stolen, vic.own]);
    } finally {
      server.resume();
    }
    // Awake, holding every entry cached before: none of the revoked sessions comes back.
    for (let i = 0; i < 3; i++) await refusedEverywhere([ann.stolen, vic.stolen]);
    expect((await call(0, "/get-session", undefined, wes.stolen)).body?.user.name).toBe("wes");

    // Killed (SIGKILL) and started again: the admin revokes during the outage, and it holds after.
    await server.kill();
    expect((await call(0, "/admin/revoke-user-sessions", { userId: wes.userId }, admin.cookie)).status).toBe(200);
    await refusedEverywhere([wes.stolen, wes.own]);
    await server.start();
    for (let i = 0; i < 3; i++) await refusedEverywhere([wes.stolen, ann.stolen, vic.stolen]);
  }, 60_000);
});
