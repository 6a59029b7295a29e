// A session cookie signed with another secret (the secret was rotated, or instances disagree): the
// request is simply signed out, and the operator gets one debug line saying why.
import { describe, expect, it } from "vitest";
import { makeTestAuth, signUpUser } from "../testing/make-test-auth.js";

describe("a cookie signed with an unknown secret", () => {
  it("is signed out, and logged once per process at debug level with the likely cause", async () => {
    const before = makeTestAuth({ secret: "first-secret-0123456789abcdef0123456789" });
    const { client } = await signUpUser(before);
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");

    const debug: string[] = [];
    const logger = { error: () => {}, warn: () => {}, debug: (m: string) => void debug.push(m) };
    const after = makeTestAuth({ secret: "second-secret-0123456789abcdef012345678", logger });
    for (let i = 0; i < 3; i++) {
      const r = await after.handler(new Request("http://localhost:3000/api/auth/get-session", { headers: { cookie } }));
      expect(r.status).toBe(200);
      expect(await r.json()).toBeNull();
    }
    expect(debug).toHaveLength(1);
    expect(debug[0]).toMatch(/signed with a secret this server does not have/);
    expect(debug[0]).toMatch(/rotated/);
    expect(debug[0]).toContain("GATEHOUSE_SECRET");

    // Garbage that is not shaped like a signed cookie is not blamed on the secret (and not logged).
    const noise = makeTestAuth({ secret: "second-secret-0123456789abcdef012345678", logger });
    await noise.handler(
      new Request("http://localhost:3000/api/auth/get-session", { headers: { cookie: "gatehouse.session_token=abc" } }),
    );
    expect(debug).toHaveLength(1);
  });
});
