// PostgreSQL goes away under the app's Prisma Client (a restart, a failover), staged with a TCP proxy
// the test cuts: requests answer 503 DATABASE_UNAVAILABLE with Retry-After as on kysely and Drizzle,
// the outage is logged once without the password, and requests recover without a restart. The shared
// server is never touched: a private schema behind the test's own proxy.
import { randomBytes } from "node:crypto";
import { createAuth, createCoreSchema } from "@gatehouse-auth/core";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kyselyAdapter } from "@gatehouse-auth/kysely";
import { PG_URL } from "../../kysely/src/test-databases.js";
import { type TcpProxy, createTestClient, startTcpProxy } from "@gatehouse-auth/core/testing";
import { prismaAdapter } from "../src/index.js";
import { generatedClient } from "./open-prisma.js";

const SECRET = "test-secret-0123456789abcdef0123456789";
// Trust authentication ignores it; it must still never reach a log line or an error message.
const PG_PASSWORD = "pg-password-never-logged";
const CHEAP_PASSWORD_HASH = {
  hash: async (password: string) => `test$${password}`,
  verify: async ({ hash, password }: { hash: string; password: string }) => hash === `test$${password}`,
};

function expectUnavailable(response: { status: number; headers: Headers; body: { code?: string } }) {
  expect(response.status).toBe(503);
  expect(response.body.code).toBe("DATABASE_UNAVAILABLE");
  expect(response.headers.get("retry-after")).toBe("5");
}

describe("Prisma on PostgreSQL: outage behind a TCP proxy", () => {
  let proxy: TcpProxy;
  let admin: pg.Client | undefined;
  const schema = `gh_prisma_outage_${randomBytes(5).toString("hex")}`;
  beforeAll(async () => {
    proxy = await startTcpProxy(Number(new URL(PG_URL).port || 5432));
    const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      admin = client;
    } catch (error) {
      if (process.env.CI) throw error;
      return;
    }
    await admin.query(`create schema "${schema}"`);
    const direct = new pg.Pool({ connectionString: PG_URL, options: `-c search_path=${schema}` });
    await kyselyAdapter({ database: direct })({ schema: createCoreSchema() }).migrate?.();
    await direct.end();
  }, 60_000);
  afterAll(async () => {
    await proxy?.close();
    await admin?.query(`drop schema "${schema}" cascade`);
    await admin?.end();
  });

  it("503 with Retry-After during the cut, logged once without the password, served again after", async (ctx) => {
    if (!admin) return ctx.skip();
    const u = new URL(PG_URL);
    u.password = PG_PASSWORD;
    u.port = String(proxy.port);
    const pool = new pg.Pool({
      connectionString: u.toString(),
      options: `-c search_path=${schema}`,
      connectionTimeoutMillis: 2000,
    });
    const PrismaClient = await generatedClient(createCoreSchema(), "postgresql");
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
    const errors: string[] = [];
    const warnings: string[] = [];
    const auth = createAuth({
      secret: SECRET,
      database: prismaAdapter(prisma),
      emailAndPassword: { enabled: true, password: CHEAP_PASSWORD_HASH },
      logger: {
        error: (m: string, ...d: unknown[]) => void errors.push([m, ...d.map(String)].join(" ")),
        warn: (m: string, ...d: unknown[]) => void warnings.push([m, ...d.map(String)].join(" ")),
      },
    });
    try {
      const client = createTestClient(auth);
      const email = `outage-${randomBytes(4).toString("hex")}@example.com`;
      expect((await client.post("/sign-up/email", { name: "O", email, password: "password-123" })).status).toBe(200);
      expect((await client.get("/get-session")).status).toBe(200);

      await proxy.cut();
      for (let i = 0; i < 3; i++) expectUnavailable(await client.get("/get-session"));
      expectUnavailable(await client.post("/sign-in/email", { email, password: "password-123" }));
      expectUnavailable(
        await createTestClient(auth).post("/sign-up/email", {
          name: "N",
          email: `n${email}`,
          password: "password-123",
        }),
      );
      const outage = errors.filter((l) => l.includes("database unreachable"));
      expect(outage).toHaveLength(1);
      expect(outage[0]).toContain("the postgresql database of the Prisma Client given");
      expect(errors.join("\n")).not.toContain(PG_PASSWORD);
      expect(errors.filter((l) => l.includes("unhandled error"))).toEqual([]);

      await proxy.restore();
      const back = await client.get("/get-session");
      expect(back.status).toBe(200);
      expect(back.body.user.email).toBe(email);
      expect(warnings.some((w) => w.includes("answers again"))).toBe(true);
      // The sign-up attempted during the cut left nothing behind.
      const direct = await admin?.query(`select count(*)::int as n from "${schema}"."user" where email = $1`, [
        `n${email}`,
      ]);
      expect(direct?.rows[0].n).toBe(0);
    } finally {
      // The pool is the app's: Prisma leaves it open (and stops listening to it) on disconnect.
      await prisma.$disconnect();
      await pool.end();
    }
  }, 60_000);
});
