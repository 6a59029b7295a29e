// The whole engine on real databases: the same HTTP flows as the memory tests, plus what only a
// real database can show — concurrent writes, one query per get-session, shared rate limits.
import { createAuth } from "@gatehouse-auth/core";
import type { AuthOptions } from "@gatehouse-auth/core";
import { createTestClient, signUpUser } from "@gatehouse-auth/core/testing";
import { describe, expect } from "vitest";
import { kyselyAdapter } from "./kysely-adapter.js";
import { testDatabases, useTestDatabase } from "./test-databases.js";

for (const [name, open] of testDatabases) {
  describe(`auth on ${name}`, () => {
    let queries: string[] = [];
    const make = (extra: Partial<AuthOptions> = {}) =>
      createAuth({
        database: kyselyAdapter({ database: database(), onQuery: (q) => queries.push(q) }),
        secret: "test-secret-0123456789abcdef0123456789",
        baseURL: "http://localhost:3000",
        logger: { error: () => {}, warn: () => {} },
        ...extra,
      });

    const { database, test } = useTestDatabase(`auth on ${name}`, open, () => make().$context.adapter.migrate!());

    test("sign-up, sign-in, get-session, list and revoke", async () => {
      const auth = make();
      const { client, email, password, token } = await signUpUser(auth);
      const session = await client.get("/get-session");
      expect(session.body.user.email).toBe(email);
      expect(session.body.user.emailVerified).toBe(false);
      expect(session.body.session.expiresAt).toMatch(/^\d{4}-\d\d-\d\dT/);
      const other = createTestClient(auth);
      const signIn = await other.post("/sign-in/email", { email: email.toUpperCase(), password });
      expect(signIn.status).toBe(200);
      // list-sessions answers ids (never tokens), the caller's marked current; revoke takes an id.
      const list = await client.get("/list-sessions");
      expect(JSON.stringify(list.body)).not.toContain(token);
      const own = session.body.session.id;
      expect(list.body.map((s: { id: string; current: boolean }) => s.current === (s.id === own))).toEqual([
        true,
        true,
      ]);
      const otherId = list.body.find((s: { current: boolean }) => !s.current).id;
      expect((await client.post("/revoke-session", { id: otherId })).status).toBe(200);
      expect((await other.get("/get-session")).body).toBeNull();
    });

    test("concurrent sign-ups with one email: exactly one wins, the rest get 422, no stray rows", async () => {
      const auth = make();
      const email = `race-${Date.now()}@example.com`;
      const results = await Promise.all(
        Array.from({ length: 8 }, () =>
          createTestClient(auth).post("/sign-up/email", { name: "R", email, password: "password-123" }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 422, 422, 422, 422, 422, 422, 422]);
      const adapter = auth.$context.adapter;
      const users = await adapter.findMany<{ id: string }>({
        model: "user",
        where: [{ field: "email", value: email }],
      });
      expect(users).toHaveLength(1);
      expect(await adapter.count({ model: "account", where: [{ field: "userId", value: users[0]!.id }] })).toBe(1);
    });

    test("get-session costs one query; with the cookie cache, none", async () => {
      const auth = make();
      const { client } = await signUpUser(auth);
      queries = [];
      expect((await client.get("/get-session")).status).toBe(200);
      expect(queries).toHaveLength(1);
      expect(queries[0]).toMatch(/join/i);

      const cached = make({ session: { cookieCache: { enabled: true, maxAge: 60 } } });
      const c = (await signUpUser(cached)).client;
      queries = [];
      const r = await c.get("/get-session");
      expect(r.body.user.name).toBe("Test");
      expect(queries).toHaveLength(0);
    });

    test("the database rate-limit store is shared by instances and holds under a burst", async () => {
      const options = {
        rateLimit: { enabled: true, storage: "database" as const, customRules: { "/ok": { window: 60, max: 5 } } },
      };
      const a = make(options);
      const b = make(options);
      const clientIp = `10.${Math.floor(Math.random() * 250)}.0.1`;
      const results = await Promise.all(
        Array.from({ length: 16 }, (_, i) => createTestClient(i % 2 ? a : b, undefined, clientIp).get("/ok")),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(5);
      const limited = results.filter((r) => r.status === 429);
      expect(limited).toHaveLength(11);
      expect(Number(limited[0]!.headers.get("retry-after"))).toBeGreaterThan(0);
    });
  });
}
