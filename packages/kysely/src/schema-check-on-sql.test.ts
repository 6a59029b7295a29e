// A missing or partial migration is found at start-up (auth.ready()), on every real database, with a
// message that names the command and what is missing — not a 500 and `relation "user" does not exist`.
import { createAuth, SchemaMismatchError } from "@gatehouse-auth/core";
import type { AuthOptions } from "@gatehouse-auth/core";
import { describe, expect } from "vitest";
import { kyselyAdapter } from "./kysely-adapter.js";
import { testDatabases, useTestDatabase } from "./test-databases.js";

const SECRET = "test-secret-0123456789abcdef0123456789";

for (const [name, open] of testDatabases) {
  describe(`start-up schema check on ${name}`, () => {
    const errors: string[] = [];
    const make = (database: unknown, extra: Partial<AuthOptions> = {}) =>
      createAuth({
        database: kyselyAdapter({ database }),
        secret: SECRET,
        baseURL: "http://localhost:3000",
        logger: { error: (m: string) => void errors.push(m), warn: () => {} },
        ...extra,
      });

    // Each suite gets its own private schema/database; this one starts empty.
    const { database, test } = useTestDatabase(`schema check on ${name}`, open, async () => {});

    test("an unmigrated database: ready() names the command and every missing table", async () => {
      const auth = make(database());
      const error = await auth.ready().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(SchemaMismatchError);
      const message = (error as Error).message;
      expect(message).toContain("npx gatehouse-auth migrate");
      expect(message).not.toMatch(/npx gatehouse migrate/);
      for (const table of ["user", "session", "account", "verification", "rateLimit"])
        expect(message).toMatch(new RegExp(`missing tables: [^;)]*\\b${table}\\b`));
    });

    test("an app that never awaits ready(): requests answer 503 JSON and the log names the fix once", async () => {
      errors.length = 0;
      const auth = make(database());
      const first = await auth.handler(new Request("http://localhost:3000/api/auth/get-session"));
      const second = await auth.handler(new Request("http://localhost:3000/api/auth/get-session"));
      for (const response of [first, second]) {
        expect(response.status).toBe(503);
        expect(response.headers.get("content-type")).toMatch(/application\/json/);
        expect((await response.json()).code).toBe("DATABASE_NOT_MIGRATED");
      }
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain("npx gatehouse-auth migrate");
      expect(errors[0]).toContain("missing tables");
    });

    test("a partial migration (a column an additional field needs): ready() lists the column", async () => {
      // A plugin init that migrates (examples/nextjs) runs before the check: the app starts.
      const migrateOnStart = {
        id: "migrate-on-start",
        init: async (ctx: { adapter: { migrate?: () => Promise<unknown> } }) => void (await ctx.adapter.migrate?.()),
      };
      await expect(make(database(), { plugins: [migrateOnStart] }).ready()).resolves.toBeUndefined();
      const auth = make(database(), { user: { additionalFields: { nickname: { type: "string" } } } });
      const error = (await auth.ready().catch((e: unknown) => e)) as Error;
      expect(error).toBeInstanceOf(SchemaMismatchError);
      expect(error.message).toContain("missing columns: user.nickname");
      expect(error.message).not.toContain("missing tables");
      // Once migrated, the same configuration starts.
      await auth.$context.adapter.migrate!();
      const again = make(database(), { user: { additionalFields: { nickname: { type: "string" } } } });
      await expect(again.ready()).resolves.toBeUndefined();
      const session = await again.handler(new Request("http://localhost:3000/api/auth/get-session"));
      expect(session.status).toBe(200);
    });

    test("a plugin table that was never migrated is named too", async () => {
      const auth = make(database(), {
        plugins: [{ id: "notes", schema: { note: { fields: { body: { type: "string" } } } } }],
      });
      await expect(auth.ready()).rejects.toThrow(/missing tables: note\b/);
    });
  });
}
