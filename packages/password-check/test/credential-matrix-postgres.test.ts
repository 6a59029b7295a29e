// Issue 26: the credential-kind matrix once on PostgreSQL (a private schema) with Redis as secondary
// storage (a private key prefix), so sessions, revocations and keys go through the cache as in production.
import { randomBytes } from "node:crypto";
import { redisStorage } from "@gatehouse-auth/redis";
import pg from "pg";
import { credentialMatrixSuite } from "./credential-matrix-suite.js";

const PG_URL = process.env.GATEHOUSE_TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = process.env.GATEHOUSE_TEST_REDIS_URL ?? "redis://127.0.0.1:6379/11";

// On CI both servers must be there: a skip would hide the run behind a green suite.
function unreachable(reason: string): { skip: string } {
  if (process.env.CI) throw new Error(`${reason} — CI requires it (.ci/run starts it)`);
  console.warn(`[gatehouse] credential matrix on PostgreSQL + Redis skipped: ${reason}`);
  return { skip: reason };
}

credentialMatrixSuite("PostgreSQL with Redis", async () => {
  const name = `gh_test_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
    await admin.query(`create schema "${name}"`);
  } catch (error) {
    await admin.end().catch(() => {});
    return unreachable(`PostgreSQL unreachable at ${PG_URL} (${(error as Error).message})`);
  }
  await admin.end();
  const storage = redisStorage({ url: REDIS_URL, keyPrefix: `${name}:`, logger: { error: () => {} } });
  try {
    await storage.ready();
  } catch (error) {
    await storage.close();
    return unreachable(`Redis unreachable at ${REDIS_URL} (${(error as Error).message})`);
  }
  const pool = new pg.Pool({ connectionString: PG_URL, options: `-c search_path=${name}`, max: 10 });
  return {
    database: pool,
    secondaryStorage: storage,
    async cleanup() {
      await pool.end();
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop schema "${name}" cascade`);
      await c.end();
      let cursor = "0";
      do {
        const [next, keys] = await storage.client.scan(cursor, "MATCH", `${name}:*`, "COUNT", 1000);
        cursor = next;
        if (keys.length > 0) await storage.client.del(...keys);
      } while (cursor !== "0");
      await storage.close();
    },
  };
});
