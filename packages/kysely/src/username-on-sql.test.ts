// The username rules on real databases: lower-cased storage and any-case matching on every dialect, and
// two sign-ups racing for one name — on PostgreSQL and MySQL the second insert waits on the unique
// index and then fails, and that must be a 400, never a 500 or a second holder. The memory adapter runs
// transactions one at a time, so only these tests show the index holds where requests truly overlap.
import { createAuth } from "@gatehouse-auth/core";
import type { Auth } from "@gatehouse-auth/core";
import { createTestClient } from "@gatehouse-auth/core/testing";
import { describe, expect } from "vitest";
import { kyselyAdapter } from "./kysely-adapter.js";
import { testDatabases, useTestDatabase } from "./test-databases.js";
import { username } from "@gatehouse-auth/username";

let counter = 0;
const unique = (tag: string) => `${tag}_${++counter}_${Math.random().toString(36).slice(2, 8)}`;
const PASSWORD = "password-123";

for (const [name, open] of testDatabases) {
  describe(`usernames on ${name}`, () => {
    const make = (): Auth =>
      createAuth({
        database: kyselyAdapter({ database: database() }),
        secret: "test-secret-0123456789abcdef0123456789",
        baseURL: "http://localhost:3000",
        logger: { error: () => {}, warn: () => {} },
        plugins: [username()],
      });
    const { database, test } = useTestDatabase(`usernames on ${name}`, open, () => make().$context.adapter.migrate!());

    const signUp = (auth: Auth, username: string, email = `${unique("u")}@example.com`) =>
      createTestClient(auth).post("/sign-up/email", { name: "N", email, password: PASSWORD, username });

    test("stores the name lower-cased and signs in with any case of it", async () => {
      const auth = make();
      const name = unique("MiXeD");
      const r = await signUp(auth, name);
      expect(r.status).toBe(200);
      expect(r.body.user).toMatchObject({ username: name.toLowerCase(), displayUsername: name });
      for (const variant of [name, name.toUpperCase(), name.toLowerCase()]) {
        const s = await createTestClient(auth).post("/sign-in/username", { username: variant, password: PASSWORD });
        expect(s.status, variant).toBe(200);
        expect(s.body.user.id).toBe(r.body.user.id);
      }
      const taken = await createTestClient(auth).post("/is-username-available", { username: name.toUpperCase() });
      expect(taken.body).toEqual({ available: false });
    });

    test("concurrent sign-ups with one name in different cases: one wins, the rest 400, never a 500", async () => {
      const auth = make();
      const name = unique("racer");
      const variants = [name, name.toUpperCase(), name.toLowerCase(), `${name[0]?.toUpperCase()}${name.slice(1)}`];
      const emails = variants.map(() => `${unique("race")}@example.com`);
      const rs = await Promise.all(variants.map((v, i) => signUp(auth, v, emails[i])));
      expect(rs.map((r) => r.status).sort()).toEqual([200, 400, 400, 400]);
      for (const r of rs.filter((x) => x.status === 400)) expect(r.body.code).toBe("USERNAME_IS_ALREADY_TAKEN");
      const db = auth.$context.db;
      expect(await db.count({ model: "user", where: [{ field: "username", value: name.toLowerCase() }] })).toBe(1);
      // The losers left no user behind.
      let users = 0;
      for (const email of emails) users += await db.count({ model: "user", where: [{ field: "email", value: email }] });
      expect(users).toBe(1);
    });

    test("concurrent renames to one name: one wins, the rest 400 and keep their names", async () => {
      const auth = make();
      const clients = await Promise.all(
        [1, 2, 3].map(async () => {
          const client = createTestClient(auth);
          const own = unique("own");
          const r = await client.post("/sign-up/email", {
            name: "N",
            email: `${unique("mv")}@example.com`,
            password: PASSWORD,
            username: own,
          });
          expect(r.status).toBe(200);
          return { client, own };
        }),
      );
      const target = unique("Target");
      const rs = await Promise.all(clients.map(({ client }) => client.post("/update-user", { username: target })));
      expect(rs.map((r) => r.status).sort()).toEqual([200, 400, 400]);
      for (const [i, r] of rs.entries()) {
        const session = await clients[i]!.client.get("/get-session");
        expect(session.body.user.username).toBe(r.status === 200 ? target.toLowerCase() : clients[i]!.own);
      }
    });
  });
}
