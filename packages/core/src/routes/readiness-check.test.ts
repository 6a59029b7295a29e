import { describe, expect, it } from "vitest";
import { DatabaseUnavailableError } from "../adapter/adapter-errors.js";
import type { Adapter } from "../adapter/adapter-types.js";
import { memoryAdapter } from "../adapter/memory-adapter.js";
import { createAuth } from "../create-auth.js";
import type { SecondaryStorage } from "../rate-limit/secondary-storage.js";
import { createTestClient } from "../testing/test-client.js";

const quiet = { error: () => {}, warn: () => {} };

/** The memory adapter with `ping` answering as told. */
function pingingAdapter(ping: () => Promise<void>) {
  return (ctx: Parameters<ReturnType<typeof memoryAdapter>>[0]): Adapter => ({ ...memoryAdapter()(ctx), ping });
}

function storage(ping?: () => Promise<void>): SecondaryStorage {
  const map = new Map<string, string>();
  return {
    get: async (k) => map.get(k) ?? null,
    set: async (k, v) => void map.set(k, v),
    delete: async (k) => void map.delete(k),
    ...(ping && { ping }),
  };
}

const never = () => new Promise<void>(() => {});
const down = async () => {
  throw new DatabaseUnavailableError("database unreachable at postgres://db.internal:5432/app (connect ECONNREFUSED)");
};

function make(database: ReturnType<typeof pingingAdapter>, secondaryStorage?: SecondaryStorage) {
  return createAuth({
    database,
    secondaryStorage,
    secret: "test-secret-0123456789abcdef0123456789",
    // Probes come fast from one address: the readiness route must never be the one that is limited.
    rateLimit: { enabled: true, window: 60, max: 2 },
    logger: quiet,
  });
}

describe("GET /ready", () => {
  it("answers 200 with each dependency when the database answers", async () => {
    const client = createTestClient(make(pingingAdapter(async () => {})));
    for (let i = 0; i < 5; i++) {
      const r = await client.get("/ready");
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ status: "ok", database: "ok", secondaryStorage: "absent" });
    }
  });

  it("answers 503 DATABASE_UNAVAILABLE with Retry-After, naming only the dependency, when the database is down", async () => {
    const r = await createTestClient(make(pingingAdapter(down))).get("/ready");
    expect(r.status).toBe(503);
    expect(r.headers.get("retry-after")).toBe("5");
    expect(r.body).toEqual({
      code: "DATABASE_UNAVAILABLE",
      message: "Database unavailable. Please try again shortly.",
      status: "unavailable",
      database: "unavailable",
      secondaryStorage: "absent",
    });
    expect(r.text).not.toContain("db.internal"); // where the database is stays in the log
  });

  it("a hung database or secondary storage gets a bounded answer, not a hung probe", async () => {
    const hung = await createTestClient(make(pingingAdapter(never), storage(never))).get("/ready");
    expect(hung.status).toBe(503);
    expect(hung.body).toMatchObject({ database: "unavailable", secondaryStorage: "unavailable" });
  });

  it("an unreachable secondary storage is reported, but keeps the instance ready (requests fall back to the database)", async () => {
    const auth = make(
      pingingAdapter(async () => {}),
      storage(async () => {
        throw new Error("connect ECONNREFUSED 127.0.0.1:6379");
      }),
    );
    const r = await createTestClient(auth).get("/ready");
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: "degraded", database: "ok", secondaryStorage: "unavailable" });
    const up = await createTestClient(
      make(
        pingingAdapter(async () => {}),
        storage(async () => {}),
      ),
    ).get("/ready");
    expect(up.body).toEqual({ status: "ok", database: "ok", secondaryStorage: "ok" });
    // A storage without ping is checked with a read.
    const read = await createTestClient(
      make(
        pingingAdapter(async () => {}),
        storage(),
      ),
    ).get("/ready");
    expect(read.body.secondaryStorage).toBe("ok");
  });

  it("probes arriving together share one database round trip", async () => {
    let pings = 0;
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const auth = make(
      pingingAdapter(async () => {
        pings++;
        await gate;
      }),
    );
    const client = createTestClient(auth);
    const probes = Array.from({ length: 10 }, () => client.get("/ready"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    const answers = await Promise.all(probes);
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(pings).toBe(1);
  });

  it("/ok stays a liveness check: 200 while the database is down", async () => {
    const auth = make(pingingAdapter(down));
    expect((await createTestClient(auth).get("/ok")).status).toBe(200);
    await expect(auth.ready()).rejects.toThrow(/database unreachable at postgres:\/\/db\.internal:5432/);
  });
});
