import { createTestClient } from "@gatehouse-auth/core/testing";
import { describe, expect, it } from "vitest";
import { makeUsernameAuth, signUp } from "../test-helpers.js";

describe("POST /is-username-available", () => {
  const auth = makeUsernameAuth({ usernameValidator: (name) => name.toLowerCase() !== "reserved" });
  const ask = (username: unknown, a = auth) => createTestClient(a).post("/is-username-available", { username });

  it("is true for a free name and false for a taken one in any case", async () => {
    const free = await ask("Dave_1");
    expect(free.status).toBe(200);
    expect(free.body).toEqual({ available: true });
    expect((await signUp(auth, { username: "Dave_1" })).r.status).toBe(200);
    for (const variant of ["Dave_1", "dave_1", "DAVE_1"])
      expect((await ask(variant)).body).toEqual({ available: false });
  });

  it.each([["ab"], ["x".repeat(31)], ["has space"], ["at@sign"], ["dash-name"], ["émile"], ["<script>"], ["reserved"]])(
    "refuses %j with 422: a name sign-up would refuse is not 'available'",
    async (username) => {
      const r = await ask(username);
      expect(r.status).toBe(422);
      expect(r.body.code).toBe("UNPROCESSABLE_USERNAME");
    },
  );

  it("refuses a missing or non-string username with 400", async () => {
    expect((await createTestClient(auth).post("/is-username-available", {})).status).toBe(400);
    expect((await ask(42)).status).toBe(400);
  });

  it("has its own rate limit when rate limiting is on (an enumeration oracle by design)", async () => {
    const limited = makeUsernameAuth(
      { availabilityRateLimit: { window: 60, max: 2 } },
      { rateLimit: { enabled: true } },
    );
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await ask(`probe_${i}`, limited)).status);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it("defaults to 20 requests per 60 s", async () => {
    const limited = makeUsernameAuth({}, { rateLimit: { enabled: true } });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await ask(`probe_${i}`, limited)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.at(-1)).toBe(429);
  });
});
