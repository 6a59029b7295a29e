import { describe, expect, it } from "vitest";
import { createTestClient } from "../testing/test-client.js";
import { makeTestAuth, signUpUser } from "../testing/make-test-auth.js";

describe("request pipeline", () => {
  it("404s unknown paths and 405s known paths with the wrong method, with an Allow header", async () => {
    const client = createTestClient(makeTestAuth());
    const missing = await client.get("/nope");
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("NOT_FOUND");
    const wrong = await client.get("/sign-in/email");
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("POST");
  });

  it("refuses cookie-carrying POSTs from untrusted or missing origins, allows trusted ones", async () => {
    const auth = makeTestAuth({ trustedOrigins: ["http://localhost:5173"] });
    const { client } = await signUpUser(auth);
    const evil = await client.post("/update-user", { name: "x" }, { headers: { origin: "https://evil.example" } });
    expect(evil.status).toBe(403);
    expect(evil.body.code).toBe("INVALID_ORIGIN");
    const vite = await client.post("/update-user", { name: "x" }, { headers: { origin: "http://localhost:5173" } });
    expect(vite.status).toBe(200);
    const headers = new Headers({
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      "content-type": "application/json",
    });
    const bare = await auth.handler(
      new Request("http://localhost:3000/api/auth/update-user", { method: "POST", headers, body: "{}" }),
    );
    expect(bare.status).toBe(403);
    headers.set("sec-fetch-site", "same-origin");
    const sameOrigin = await auth.handler(
      new Request("http://localhost:3000/api/auth/update-user", { method: "POST", headers, body: '{"name":"y"}' }),
    );
    expect(sameOrigin.status).toBe(200);
  });

  it("GET /ok and the error page, with the code escaped", async () => {
    const client = createTestClient(makeTestAuth());
    expect((await client.get("/ok")).body).toEqual({ ok: true });
    const page = await client.get("/error", { query: { error: "<script>alert(1)</script>" } });
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(page.text).not.toContain("<script>");
    expect(page.text).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect((await client.get("/error")).text).toContain("Unknown");
  });

  it("answers 500 without internals when the storage fails, and logs it", async () => {
    const errors: unknown[] = [];
    const auth = makeTestAuth({ logger: { error: (...a: unknown[]) => errors.push(a), warn: () => {} } });
    auth.$context.adapter.findOne = () => Promise.reject(new Error("db down: secret details"));
    const r = await createTestClient(auth).post("/sign-in/email", { email: "a@example.com", password: "password-123" });
    expect(r.status).toBe(500);
    expect(r.text).not.toContain("secret details");
    expect(errors).toHaveLength(1);
  });

  it("rate limits per rule with a Retry-After header", async () => {
    const auth = makeTestAuth({
      rateLimit: { enabled: true, customRules: { "/sign-in/email": { window: 60, max: 2 } } },
    });
    const client = createTestClient(auth);
    const attempt = () => client.post("/sign-in/email", { email: "a@example.com", password: "password-123" });
    expect((await attempt()).status).toBe(401);
    expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await client.get("/ok")).status).toBe(200);
  });
});
