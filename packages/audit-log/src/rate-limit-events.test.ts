import { AuthError, CORE_ERRORS, defineEndpoint, definePlugin } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import type { RateLimitedRequest } from "./rate-limited-request.js";
import { RATE_LIMIT_MAX_KEYS } from "./rate-limit-sampler.js";
import { createTestClient, eventsOf, makeAuditAuth, newUser, settle } from "./test-helpers.js";

const UA = { "user-agent": "Mozilla/5.0 (TestBrowser)" };

/** A plugin whose endpoints always answer 429 with Retry-After, as a plugin's own send limit does. */
const limitedPlugin = definePlugin({
  id: "limited",
  endpoints: {
    signInLimited: defineEndpoint({ method: "POST", path: "/sign-in/limited", tags: ["creates-session"] }, () => {
      throw new AuthError(CORE_ERRORS.TOO_MANY_REQUESTS, { headers: { "retry-after": "30" } });
    }),
    notRecorded: defineEndpoint({ method: "POST", path: "/limited/not-recorded" }, () => {
      throw new AuthError(CORE_ERRORS.TOO_MANY_REQUESTS);
    }),
  },
});

/** What core would hand `onRateLimited` for a 429 of its limiter on `path`. */
const limitedRequest = (path: string, clientIp: string, ua = "curl/8"): RateLimitedRequest => ({
  endpoint: { config: { path, tags: path.startsWith("/sign-in/") ? ["creates-session"] : [] } },
  clientIp,
  headers: { get: (name) => (name === "user-agent" ? ua : null) },
  retryAfter: 10,
});

describe("rate-limited calls", () => {
  it("records a plugin's 429 on a sign-in once per route and client per minute, then the count of the rest", async () => {
    const env = makeAuditAuth({}, { plugins: [limitedPlugin] });
    const u = await newUser(env);
    const a = createTestClient(env.auth, undefined, "203.0.113.7");
    for (let i = 0; i < 5; i++)
      expect((await a.post("/sign-in/limited", { email: u.email }, { headers: UA })).status).toBe(429);
    const b = createTestClient(env.auth, undefined, "198.51.100.9");
    expect((await b.post("/sign-in/limited", { email: u.email })).status).toBe(429);
    let rows = await eventsOf(env, "request.rate_limited");
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      userId: u.userId,
      actorUserId: null,
      ipAddress: "203.0.113.7",
      userAgent: UA["user-agent"],
      outcome: "failure",
      details: { path: "/sign-in/limited", status: 429, error: "TOO_MANY_REQUESTS", retryAfter: 30 },
    });
    expect(rows[0]?.details).not.toHaveProperty("repeated");
    expect(rows[1]).toMatchObject({ ipAddress: "198.51.100.9", userId: u.userId });
    // No user.sign_in_failed besides: a 429 is its own event, not a wrong password.
    expect(await eventsOf(env, "user.sign_in_failed")).toEqual([]);

    // A minute on, the same client is recorded again, with the four refusals the first row stood for.
    env.clock.now += 61_000;
    await a.post("/sign-in/limited", { email: u.email });
    rows = await eventsOf(env, "request.rate_limited");
    expect(rows).toHaveLength(3);
    expect(rows[2]).toMatchObject({ ipAddress: "203.0.113.7", details: { repeated: 4 } });

    // The account's owner sees the attempts in their security log.
    const own = await u.client.get("/list-security-events", { query: { type: "request.rate_limited" } });
    expect(own.status).toBe(200);
    expect(own.body.events).toHaveLength(3);
  });

  it("does not record a 429 on a route it records nothing for", async () => {
    const env = makeAuditAuth({}, { plugins: [limitedPlugin] });
    const a = createTestClient(env.auth, undefined, "203.0.113.7");
    expect((await a.post("/limited/not-recorded", {})).status).toBe(429);
    await settle();
    expect(await eventsOf(env, "request.rate_limited")).toEqual([]);
  });

  it("records core's 429s (onRateLimited) with the address, bounded per client and in total", async () => {
    const env = makeAuditAuth();
    const inside = env.plugin;
    await createTestClient(env.auth).get("/ok"); // the first request runs init, which binds the recorder

    // A flood from one client on one route: one row.
    for (let i = 0; i < 200; i++) await inside.onRateLimited(limitedRequest("/sign-in/email", "203.0.113.7"));
    // One host's /64, however it spells its addresses: one row.
    for (const ip of ["2001:db8::1", "2001:DB8:0:0::2", "2001:db8:0:0:ffff::3"])
      await inside.onRateLimited(limitedRequest("/sign-in/email", ip));
    // A route it records nothing for (get-session): no row.
    await inside.onRateLimited(limitedRequest("/get-session", "203.0.113.8"));
    let rows = await eventsOf(env, "request.rate_limited");
    expect(rows.map((r) => r.ipAddress)).toEqual(["203.0.113.7", "2001:db8::1"]);
    expect(rows[0]).toMatchObject({
      userId: null,
      actorUserId: null,
      userAgent: "curl/8",
      outcome: "failure",
      details: { path: "/sign-in/email", status: 429, error: "TOO_MANY_REQUESTS", retryAfter: 10 },
    });

    // A distributed flood (many clients in one minute) cannot write more than the sampler holds.
    for (let i = 0; i < RATE_LIMIT_MAX_KEYS + 500; i++)
      await inside.onRateLimited(
        limitedRequest("/sign-up/email", `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`),
      );
    rows = await eventsOf(env, "request.rate_limited");
    expect(rows.length).toBe(RATE_LIMIT_MAX_KEYS);
    // Once the minute is over, room is made from the closed windows.
    env.clock.now += 61_000;
    await inside.onRateLimited(limitedRequest("/sign-up/email", "192.0.2.1"));
    expect((await eventsOf(env, "request.rate_limited")).length).toBe(RATE_LIMIT_MAX_KEYS + 1);
  });

  // Core answers its limiter's 429 before any endpoint runs, so onEndpointSettled never sees it; core's
  // Plugin.onRateLimited does.
  it("records a 429 of core's own limiter over HTTP", async () => {
    const env = makeAuditAuth(
      {},
      { rateLimit: { enabled: true, customRules: { "/sign-in/email": { window: 60, max: 1 } } } },
    );
    const u = await newUser(env);
    const a = createTestClient(env.auth, undefined, "203.0.113.7");
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await a.post("/sign-in/email", { email: u.email, password: "x" })).status);
    expect(statuses).toEqual([401, 429, 429, 429]);
    expect(await eventsOf(env, "request.rate_limited")).toHaveLength(1);
  });
});
