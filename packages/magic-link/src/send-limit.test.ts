import { describe, expect, it } from "vitest";
import { createTestClient, makeLinkAuth, newEmail } from "./test-helpers.js";

const ask = (env: ReturnType<typeof makeLinkAuth>, email: string, ip = "127.0.0.1") =>
  createTestClient(env.auth, undefined, ip).post("/sign-in/magic-link", { email });

describe("links per address", () => {
  it("allows 5 per address per 10 minutes, from any client; other addresses are unaffected", async () => {
    const env = makeLinkAuth();
    const email = newEmail();
    for (let i = 0; i < 5; i++) expect((await ask(env, email, `10.0.0.${i}`)).status).toBe(200);
    const sixth = await ask(env, email, "10.0.1.1");
    expect(sixth.status).toBe(429);
    expect(sixth.body.code).toBe("MAGIC_LINK_SEND_LIMIT");
    expect((await ask(env, newEmail())).status).toBe(200);
    env.clock.now += 600_000;
    expect((await ask(env, email)).status).toBe(200);
  });

  it("holds under parallel requests", async () => {
    const env = makeLinkAuth({ sendLimit: { window: 600, max: 3 } });
    const email = newEmail();
    const answers = await Promise.all(Array.from({ length: 10 }, () => ask(env, email)));
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(3);
    await new Promise((r) => setTimeout(r, 0));
    expect(env.mails.length).toBeLessThanOrEqual(3);
  });

  it("puts a per-client rule on each route for core's rate limiter", async () => {
    const env = makeLinkAuth({}, { rateLimit: { enabled: true } });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await ask(env, newEmail())).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("refuses nonsensical options at startup", () => {
    expect(() => makeLinkAuth({ expiresIn: 0 })).toThrow(/expiresIn/);
    expect(() => makeLinkAuth({ sendLimit: { window: 60, max: 0 } })).toThrow(/sendLimit/);
  });
});
