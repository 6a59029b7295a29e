import { describe, expect, it } from "vitest";
import { definePlugin } from "../plugins/plugin-types.js";
import type { RateLimitedRequest } from "../plugins/plugin-types.js";
import { createTestClient, makeTestAuth } from "../testing.js";

describe("Plugin.onRateLimited", () => {
  it("is told of every 429 of the limiter — route, client, Retry-After — and of nothing else", async () => {
    const seen: RateLimitedRequest[] = [];
    const errors: unknown[][] = [];
    const auth = makeTestAuth({
      emailAndPassword: { enabled: true },
      rateLimit: { enabled: true, customRules: { "/sign-in/email": { window: 60, max: 1 } } },
      logger: { warn: () => {}, error: (...args: unknown[]) => void errors.push(args) },
      plugins: [
        definePlugin({ id: "watcher", onRateLimited: (r) => void seen.push(r) }),
        definePlugin({
          id: "broken",
          onRateLimited: () => {
            throw new Error("boom");
          },
        }),
      ],
    });
    const client = createTestClient(auth, undefined, "203.0.113.7");
    const body = { email: "a@example.com", password: "password-123" };
    const first = await client.post("/sign-in/email", body, { headers: { "user-agent": "UA/1" } });
    const second = await client.post("/sign-in/email", body, { headers: { "user-agent": "UA/1" } });
    expect([first.status, second.status]).toEqual([401, 429]);
    // A listener that throws changes nothing in the answer; it is logged.
    expect(second.body.code).toBe("TOO_MANY_REQUESTS");
    expect(errors.map((e) => e[0])).toEqual(["Gatehouse: an onRateLimited listener failed"]);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.endpoint.config.path).toBe("/sign-in/email");
    expect(seen[0]?.clientIp).toBe("203.0.113.7");
    expect(seen[0]?.headers.get("user-agent")).toBe("UA/1");
    expect(seen[0]?.retryAfter).toBe(Number(second.headers.get("retry-after")));
  });
});
