// prismaAdapter's own behaviour: what the shared suite does not reach (argument checks, SQLite's one
// connection shared with Prisma's transactions, HTTP through createAuth, errors without the values).
import { createAuth, createCoreSchema } from "@gatehouse-auth/core";
import { createTestClient } from "@gatehouse-auth/core/testing";
import { describe, expect, it } from "vitest";
import { prismaAdapter } from "../src/index.js";
import { openSqlitePrisma, providers } from "./open-prisma.js";

const SECRET = "test-secret-0123456789abcdef0123456789";
/** Not a password hash: keeps scrypt's cost out of these tests. */
const CHEAP_PASSWORD_HASH = {
  hash: async (password: string) => `test$${password}`,
  verify: async ({ hash, password }: { hash: string; password: string }) => hash === `test$${password}`,
};
const now = new Date();
const user = (id: string, email: string) => ({
  id,
  name: id,
  email,
  emailVerified: false,
  createdAt: now,
  updatedAt: now,
});

describe("prismaAdapter", () => {
  it("refuses a non-Prisma object or an unknown provider at once, and reads the provider from the client", async () => {
    expect(() => prismaAdapter({})).toThrow(/must be a Prisma Client/);
    const opened = await openSqlitePrisma(createCoreSchema());
    try {
      expect(() => prismaAdapter(opened.prisma, { provider: "oracle" as never })).toThrow(/provider must be/);
      const adapter = prismaAdapter(opened.prisma)({ schema: createCoreSchema() });
      expect(adapter.id).toBe("prisma");
      // The tables are Prisma's to create: no migrate through this adapter.
      expect(adapter.migrate).toBeUndefined();
      await expect(adapter.findSchemaGap?.()).resolves.toEqual({ tables: [], columns: [] });
    } finally {
      await opened.cleanup();
    }
  });

  it("names a missing table with the command that makes it", async () => {
    const opened = await openSqlitePrisma(createCoreSchema());
    try {
      const schema = { ...createCoreSchema(), widget: { fields: { name: { type: "string" as const } } } };
      const adapter = prismaAdapter(opened.prisma)({ schema });
      await expect(adapter.findSchemaGap?.()).rejects.toThrow(/table widget.*generate --orm prisma/);
    } finally {
      await opened.cleanup();
    }
  });

  it("on SQLite, a write outside a transaction waits for it and survives its rollback", async () => {
    const schema = createCoreSchema();
    const opened = await openSqlitePrisma(schema);
    try {
      const adapter = prismaAdapter(opened.prisma)({ schema });
      let outside: Promise<unknown> | undefined;
      await expect(
        adapter.transaction(async (tx) => {
          await tx.create({ model: "user", data: user("in", "in@example.com") });
          // Another request writes while this transaction is open on the one connection.
          outside = adapter.create({ model: "user", data: user("out", "out@example.com") });
          for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
          throw new Error("roll back");
        }),
      ).rejects.toThrow("roll back");
      await outside;
      const ids = (await adapter.findMany({ model: "user" })).map((u) => u.id);
      expect(ids).toEqual(["out"]);
    } finally {
      await opened.cleanup();
    }
  });

  for (const [label, open] of providers) {
    it(`serves sign-up, sign-in and sessions over HTTP on ${label}; a second sign-up with the address is a 4xx`, async () => {
      const schema = createCoreSchema();
      const opened = await open(schema);
      if ("skip" in opened) return;
      try {
        const errors: string[] = [];
        const auth = createAuth({
          secret: SECRET,
          database: prismaAdapter(opened.prisma),
          emailAndPassword: { enabled: true, password: CHEAP_PASSWORD_HASH },
          logger: { error: (...a: unknown[]) => void errors.push(a.map(String).join(" ")), warn: () => {} },
        });
        await auth.ready();
        const client = createTestClient(auth);
        const body = { name: "A", email: "a@example.com", password: "password-123" };
        expect((await client.post("/sign-up/email", body)).status).toBe(200);
        expect((await client.get("/get-session")).body.user.email).toBe("a@example.com");
        // Two sign-ups racing for one address: one wins, the other is refused, none is a 500.
        const [x, y] = await Promise.all([
          createTestClient(auth).post("/sign-up/email", { ...body, email: "b@example.com" }),
          createTestClient(auth).post("/sign-up/email", { ...body, email: "b@example.com" }),
        ]);
        expect([x.status, y.status].sort()).toEqual([200, expect.any(Number)]);
        const loser = x.status === 200 ? y : x;
        expect(loser.status).toBeGreaterThanOrEqual(400);
        expect(loser.status).toBeLessThan(500);
        const signIn = await createTestClient(auth).post("/sign-in/email", {
          email: body.email,
          password: body.password,
        });
        expect(signIn.status).toBe(200);
        expect(errors).toEqual([]);
      } finally {
        await opened.cleanup();
      }
    });
  }
});
