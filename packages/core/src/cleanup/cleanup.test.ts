import { afterEach, describe, expect, it, vi } from "vitest";
import { isAuthError } from "../errors/auth-error.js";
import { definePlugin } from "../plugins/plugin-types.js";
import { createTestClient } from "../testing/test-client.js";
import { makeTestAuth, signUpUser } from "../testing/make-test-auth.js";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** An auth on a clock the test moves, counting rate limits in the database. */
function clockedAuth(extra: Parameters<typeof makeTestAuth>[0] = {}) {
  const clock = { now: Date.UTC(2030, 0, 1) };
  const auth = makeTestAuth({
    advanced: { now: () => clock.now },
    rateLimit: { enabled: true, storage: "database" },
    emailAndPassword: { enabled: true, sendResetPassword: async () => {} },
    ...extra,
  });
  const count = (model: string) => auth.$context.adapter.count({ model });
  return { auth, clock, count };
}

const expiredVerifications = async (auth: ReturnType<typeof makeTestAuth>, n: number, now: number) => {
  for (let i = 0; i < n; i++)
    await auth.$context.verifications.create({ identifier: `t:${i}`, value: "{}", expiresAt: new Date(now - 1) });
};

describe("auth.api.cleanup()", () => {
  it("deletes expired sessions, verification records and spent rate-limit counters, and nothing live", async () => {
    const { auth, clock, count } = clockedAuth();
    const window = auth.$context.rateLimiter.longestWindow * 1000;
    const a = await signUpUser(auth);
    expect((await createTestClient(auth).post("/request-password-reset", { email: a.email })).status).toBe(200);
    clock.now += 2 * HOUR + window; // the reset token (1 h) expired; a's session (7 days) did not
    const b = await signUpUser(auth);
    clock.now += 7 * DAY - HOUR; // a's session expired, b's has an hour and more left
    const before = { session: await count("session"), verification: await count("verification") };
    const counters = await count("rateLimit");
    expect(before).toEqual({ session: 2, verification: 1 });
    expect(counters).toBeGreaterThan(0);

    const { deleted } = await auth.api.cleanup();
    expect(deleted).toEqual({ session: 1, verification: 1, rateLimit: counters });
    expect(await count("session")).toBe(1);
    expect((await a.client.get("/get-session")).body).toBeNull();
    expect((await b.client.get("/get-session")).body.user.id).toBe(b.userId);

    // A counter still inside its window stays: its verdicts must not change.
    await createTestClient(auth).post("/sign-in/email", { email: b.email, password: "wrong-password-1" });
    const live = await count("rateLimit");
    expect(live).toBeGreaterThan(0);
    expect((await auth.api.cleanup()).deleted).toEqual({ session: 0, verification: 0, rateLimit: 0 });
    expect(await count("rateLimit")).toBe(live);
  });

  it("works through a backlog in batches and counts every row once", async () => {
    const { auth, clock, count } = clockedAuth();
    await expiredVerifications(auth, 7, clock.now);
    await auth.$context.verifications.create({
      identifier: "live",
      value: "{}",
      expiresAt: new Date(clock.now + HOUR),
    });
    const { deleted } = await auth.api.cleanup({ body: { batchSize: 2 } });
    expect(deleted.verification).toBe(7);
    expect(await count("verification")).toBe(1);
  });

  it("refuses a batch size out of range with a validation error", async () => {
    const { auth } = clockedAuth();
    for (const batchSize of [0, 10_001, 1.5, "10"]) {
      const error = await auth.api.cleanup({ body: { batchSize } as never }).catch((e: unknown) => e);
      expect(isAuthError(error) && error.status).toBe(400);
    }
  });

  it("is not reachable over HTTP, by a stranger or a signed-in user", async () => {
    const { auth, clock, count } = clockedAuth();
    await expiredVerifications(auth, 1, clock.now);
    const { client } = await signUpUser(auth);
    for (const c of [createTestClient(auth), client]) {
      expect((await c.post("/cleanup", {})).status).toBe(404);
      expect((await c.get("/cleanup")).status).toBe(404);
    }
    expect(await count("verification")).toBe(1);
  });

  it("deletes the rows a plugin declares expired, on the plugin's rule", async () => {
    const tickets = definePlugin({
      id: "tickets",
      schema: { ticket: { fields: { validUntil: { type: "date", index: true } } } },
      cleanup: [{ model: "ticket", field: "validUntil", before: (now) => new Date(now) }],
    });
    const { auth, clock, count } = clockedAuth({ plugins: [tickets] });
    const db = auth.$context.db;
    await db.create({ model: "ticket", data: { validUntil: new Date(clock.now - DAY) } });
    await db.create({ model: "ticket", data: { validUntil: new Date(clock.now + DAY) } });
    expect((await auth.api.cleanup()).deleted.ticket).toBe(1);
    expect(await count("ticket")).toBe(1);
  });

  it("no request sweeps expired verification records any more", async () => {
    const { auth, clock, count } = clockedAuth();
    await expiredVerifications(auth, 3, clock.now);
    const { email } = await signUpUser(auth);
    // Token issues used to sweep the table every 50th time: 60 issues leave the expired rows alone.
    for (let i = 0; i < 60; i++) {
      clock.now += 60_000; // out of the reset route's rate-limit window
      await createTestClient(auth).post("/request-password-reset", { email });
    }
    expect(await count("verification")).toBe(63);
  });
});

describe("cleanup.interval", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs the cleanup on its timer until auth.close()", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const { auth, clock, count } = clockedAuth({ cleanup: { interval: 60 } });
    await expiredVerifications(auth, 2, clock.now);
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.waitFor(async () => expect(await count("verification")).toBe(0));
    await auth.close();
    await expiredVerifications(auth, 2, clock.now);
    await vi.advanceTimersByTimeAsync(180_000);
    expect(await count("verification")).toBe(2);
  });

  it("is off by default, and refuses an interval that is not a number of seconds ≥ 10", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const { auth, clock, count } = clockedAuth();
    await expiredVerifications(auth, 1, clock.now);
    await vi.advanceTimersByTimeAsync(24 * HOUR);
    expect(await count("verification")).toBe(1);
    for (const interval of [0, 5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => clockedAuth({ cleanup: { interval } })).toThrow(/cleanup\.interval/);
  });
});
