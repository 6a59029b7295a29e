import { describe, expect, it } from "vitest";
import { createTestClient, eventsOf, makeAuditAuth, newUser, storedEvents, totpCode } from "./test-helpers.js";

describe("API key and two-factor events over HTTP", () => {
  it("records API key created, updated and deleted, never the key", async () => {
    const env = makeAuditAuth();
    const u = await newUser(env);
    const created = await u.client.post("/api-key/create", { name: "ci" });
    expect(created.status).toBe(200);
    const keyId = created.body.id as string;
    expect((await u.client.post("/api-key/update", { keyId, name: "ci-renamed" })).status).toBe(200);
    expect((await u.client.post("/api-key/delete", { keyId })).status).toBe(200);
    const types = ["api_key.created", "api_key.updated", "api_key.deleted"];
    const events = (await storedEvents(env)).filter((e) => types.includes(e.type));
    expect(events.map((e) => [e.type, e.userId, e.actorUserId, e.outcome])).toEqual(
      types.map((t) => [t, u.userId, u.userId, "success"]),
    );
    expect(events[0]?.details.id).toBe(keyId);
    expect(events[2]?.details.keyId).toBe(keyId);
    expect(JSON.stringify(await storedEvents(env))).not.toContain(created.body.key);
  });

  it("records two-factor enabled (on the first verified code), sign-in through the challenge, and disabled", async () => {
    const env = makeAuditAuth();
    const u = await newUser(env);
    const enable = await u.client.post("/two-factor/enable", { password: u.password });
    expect(enable.status).toBe(200);
    const uri = enable.body.totpURI as string;
    const code = totpCode(uri, env.clock.now);
    expect((await u.client.post("/two-factor/verify-totp", { code })).status).toBe(200);
    const [enabled] = await eventsOf(env, "two_factor.enabled");
    expect(enabled).toMatchObject({ userId: u.userId, actorUserId: u.userId, outcome: "success" });

    // A password sign-in is now held for the second factor: no sign-in yet, then one with the method.
    env.clock.now += 60_000;
    const b = createTestClient(env.auth);
    const held = await b.post("/sign-in/email", { email: u.email, password: u.password });
    expect(held.body.twoFactorRedirect).toBe(true);
    const before = (await eventsOf(env, "user.signed_in")).length;
    expect((await b.post("/two-factor/verify-totp", { code: "000000" })).status).toBe(401);
    const done = await b.post("/two-factor/verify-totp", { code: totpCode(uri, env.clock.now) });
    expect(done.status).toBe(200);
    const signIns = await eventsOf(env, "user.signed_in");
    expect(signIns).toHaveLength(before + 1);
    expect(signIns.at(-1)).toMatchObject({ userId: u.userId, details: { method: "two-factor/verify-totp" } });
    expect((await eventsOf(env, "user.sign_in_failed")).at(-1)).toMatchObject({
      details: { method: "two-factor/verify-totp", status: 401 },
    });

    expect((await b.post("/two-factor/disable", { password: u.password })).status).toBe(200);
    const [disabled] = await eventsOf(env, "two_factor.disabled");
    expect(disabled).toMatchObject({ userId: u.userId, outcome: "success" });
    const all = JSON.stringify(await storedEvents(env));
    expect(all).not.toContain(code);
    expect(all).not.toContain(new URL(uri).searchParams.get("secret"));
    for (const backup of enable.body.backupCodes as string[]) expect(all).not.toContain(backup);
  });

  it("records one two_factor.locked_out for the account when wrong codes spend its budget", async () => {
    const env = makeAuditAuth();
    const u = await newUser(env);
    const enable = await u.client.post("/two-factor/enable", { password: u.password });
    const uri = enable.body.totpURI as string;
    expect((await u.client.post("/two-factor/verify-totp", { code: totpCode(uri, env.clock.now) })).status).toBe(200);
    const answers: number[] = [];
    // 12 wrong codes over 3 sign-ins (a challenge takes 5), waiting out every delay: the 10th locks.
    for (let signIn = 0; signIn < 3; signIn++) {
      const b = createTestClient(env.auth);
      expect((await b.post("/sign-in/email", { email: u.email, password: u.password })).body.twoFactorRedirect).toBe(
        true,
      );
      for (let i = 0; i < 4; i++) {
        env.clock.now += 60_000;
        const wrong = String((Number(totpCode(uri, env.clock.now)) + 500_000) % 1_000_000).padStart(6, "0");
        answers.push((await b.post("/two-factor/verify-totp", { code: wrong })).status);
      }
    }
    expect(answers).toEqual([...Array(9).fill(401), 429, 429, 429]);
    const locked = await eventsOf(env, "two_factor.locked_out");
    expect(locked).toHaveLength(1);
    expect(locked[0]).toMatchObject({
      userId: u.userId,
      actorUserId: null,
      outcome: "failure",
      details: { failures: 10, status: 429, error: "TWO_FACTOR_LOCKED" },
    });
  }, 60_000);
});
