// Test helper: fills a migrated store with rows by SQL (no hashing, no round trip per row), then has the
// database gather statistics, so its planner sees tables the size an app reaches, not a near-empty store.
import type Database from "better-sqlite3";
import type mysql from "mysql2";
import type pg from "pg";
import type { SqlDialect } from "../src/dialect.js";

/** Runs statements on one connection (MySQL's session time zone must hold for every statement). */
export interface SqlRunner {
  run(sql: string): Promise<void>;
  close(): Promise<void>;
}

/** A runner on the driver object the test database opened. */
export async function sqlRunner(dialect: SqlDialect, database: unknown): Promise<SqlRunner> {
  if (dialect === "sqlite") {
    const db = database as Database.Database;
    return { run: async (sql) => void db.exec(sql), close: async () => {} };
  }
  if (dialect === "postgres") {
    const pool = database as pg.Pool;
    return { run: async (sql) => void (await pool.query(sql)), close: async () => {} };
  }
  const connection = await (database as mysql.Pool).promise().getConnection();
  // from_unixtime() reads the session time zone; the adapter stores UTC.
  await connection.query("set time_zone = '+00:00'");
  return {
    run: async (sql) => void (await connection.query(sql)),
    close: async () => connection.release(),
  };
}

/** How many rows of each kind; every count is derived from `users`. */
export interface SeedSize {
  users: number;
  organizations: number;
  /** Also fill the passkey plugin's table (a passkey for every tenth user); it must exist. */
  passkeys?: boolean;
}

/** SQL fragments that differ by dialect. */
function dialectSql(dialect: SqlDialect) {
  const q = (name: string) => (dialect === "mysql" ? `\`${name}\`` : `"${name}"`);
  return {
    q,
    cat: (...parts: string[]) => (dialect === "mysql" ? `concat(${parts.join(", ")})` : parts.join(" || ")),
    /** A date column's value from a millisecond expression. */
    ts: (ms: string) =>
      dialect === "sqlite"
        ? `(${ms})`
        : dialect === "postgres"
          ? `to_timestamp((${ms}) / 1000.0)`
          : `from_unixtime((${ms}) / 1000)`,
    bool: (condition: string) =>
      dialect === "postgres" ? `(${condition})` : `(case when ${condition} then 1 else 0 end)`,
    /** Integer division that stays an integer. */
    div: (a: string, b: number) => (dialect === "mysql" ? `(${a} div ${b})` : `(${a} / ${b})`),
  };
}

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * Users (1% banned, a few admins), one credential account and one session each (a tenth expired),
 * verification records and rate-limit counters (half spent), organizations with members and
 * invitations, API keys for a tenth of the users (a tenth of them expired, four in ten expiring later),
 * and five audit events per user of five types; a team per organization with every member in it, and
 * two-factor for a tenth of the users (the store needs the organization's teams and two-factor tables), and
 * with `passkeys` a passkey for every tenth user.
 */
export async function seedBySql(dialect: SqlDialect, runner: SqlRunner, size: SeedSize, now: number): Promise<void> {
  const { q, cat, ts, bool, div } = dialectSql(dialect);
  const n = size.users;
  const orgs = size.organizations;
  const start = now - 30 * DAY;
  const seq = (limit: number | string) => `from ${q("gh_seq")} where i <= ${limit}`;
  const userId = cat("'seed-u'", "i");
  await runner.run(`create table ${q("gh_digit")} (d integer not null)`);
  await runner.run(`insert into ${q("gh_digit")} (d) values (0),(1),(2),(3),(4),(5),(6),(7),(8),(9)`);
  await runner.run(`create table ${q("gh_seq")} (i integer not null primary key)`);
  await runner.run(
    `insert into ${q("gh_seq")} (i) select a.d + 10 * b.d + 100 * c.d + 1000 * e.d + 10000 * f.d + 1
     from ${q("gh_digit")} a, ${q("gh_digit")} b, ${q("gh_digit")} c, ${q("gh_digit")} e, ${q("gh_digit")} f`,
  );
  if (n > 100_000) throw new Error("seedBySql: at most 100,000 users");
  const created = ts(`${start} + i * ${MINUTE}`);
  await runner.run(
    `insert into ${q("user")} (id, name, email, ${q("emailVerified")}, ${q("createdAt")}, ${q("updatedAt")}, role, banned)
     select ${userId}, ${cat("'Seed User '", "i")}, ${cat("'seed-'", "i", "'@example.com'")}, ${bool("i % 2 = 0")},
       ${created}, ${created}, case when i % 1000 = 0 then 'admin' else 'user' end, ${bool("i % 100 = 0")} ${seq(n)}`,
  );
  await runner.run(
    `insert into ${q("account")} (id, ${q("accountId")}, ${q("providerId")}, ${q("userId")}, password, ${q("createdAt")}, ${q("updatedAt")})
     select ${cat("'seed-a'", "i")}, ${userId}, 'credential', ${userId}, 'not-a-hash', ${created}, ${created} ${seq(n)}`,
  );
  await runner.run(
    `insert into ${q("session")} (id, token, ${q("userId")}, ${q("expiresAt")}, ${q("createdAt")}, ${q("updatedAt")}, ${q("activeOrganizationId")})
     select ${cat("'seed-s'", "i")}, ${cat("'seed-token-'", "i")}, ${userId},
       ${ts(`case when i % 10 = 0 then ${now - DAY} else ${now + 7 * DAY} end + i`)}, ${created}, ${created},
       case when i % 3 = 0 then ${cat("'seed-o'", `(i % ${orgs} + 1)`)} else null end ${seq(n)}`,
  );
  await runner.run(
    `insert into ${q("verification")} (id, identifier, value, ${q("expiresAt")}, ${q("createdAt")}, ${q("updatedAt")})
     select ${cat("'seed-v'", "i")}, ${cat("'seed:'", "i")}, '{}', ${ts(`${now} + (i % 2 * 2 - 1) * ${DAY} + i`)},
       ${created}, ${created} ${seq(n)}`,
  );
  await runner.run(
    `insert into ${q("rateLimit")} (id, ${q("key")}, count, ${q("lastRequest")})
     select ${cat("'seed-r'", "i")}, ${cat("'10.9.'", "i", "'|/get-session'")}, 1, ${now} - (i % 2) * ${DAY} - i ${seq(n)}`,
  );
  await runner.run(
    `insert into ${q("organization")} (id, name, slug, ${q("createdAt")})
     select ${cat("'seed-o'", "i")}, ${cat("'Seed Org '", "i")}, ${cat("'seed-org-'", "i")}, ${ts(`${start} + i`)}
     ${seq(orgs)}`,
  );
  // The organization ids run 1..orgs; user i belongs to organization (i % orgs) + 1, as owner for the first.
  const orgOf = cat("'seed-o'", `(i % ${orgs} + 1)`);
  await runner.run(
    `insert into ${q("member")} (id, ${q("organizationId")}, ${q("userId")}, role, ${q("createdAt")})
     select ${cat("'seed-m'", "i")}, ${orgOf}, ${userId}, case when i <= ${orgs} then 'owner' else 'member' end,
       ${created} ${seq(n)}`,
  );
  await runner.run(
    `insert into ${q("invitation")} (id, ${q("organizationId")}, email, role, status, ${q("inviterId")}, ${q("expiresAt")}, ${q("createdAt")})
     select ${cat("'seed-i'", "i")}, ${orgOf}, ${cat("'invitee-'", "i", "'@example.com'")}, 'member',
       case when i % 4 = 0 then 'pending' else 'accepted' end, ${cat("'seed-u'", `(i % ${orgs} + 1)`)},
       ${ts(`${now} + (i % 2 * 2 - 1) * ${DAY}`)}, ${created} ${seq(n)}`,
  );
  await runner.run(
    `insert into ${q("apikey")} (id, name, ${q("key")}, ${q("userId")}, enabled, ${q("expiresAt")}, ${q("rateLimitEnabled")},
       ${q("requestCount")}, ${q("createdAt")}, ${q("updatedAt")})
     select ${cat("'seed-k'", "i")}, 'seed', ${cat("'seed-key-hash-'", "i")}, ${cat("'seed-u'", "(i * 10)")}, ${bool("1 = 1")},
       case when i % 10 = 0 then ${ts(`${now} - ${DAY} - i`)} when i % 2 = 0 then ${ts(String(now + 30 * DAY))} else null end, ${bool("1 = 1")}, 0, ${created}, ${created}
     ${seq(div(String(n), 10))}`,
  );
  await runner.run(
    `insert into ${q("team")} (id, name, ${q("organizationId")}, ${q("createdAt")})
     select ${cat("'seed-t'", "i")}, ${cat("'Seed Team '", "i")}, ${cat("'seed-o'", "i")}, ${ts(`${start} + i`)} ${seq(orgs)}`,
  );
  await runner.run(
    `insert into ${q("teamMember")} (id, ${q("teamId")}, ${q("userId")}, ${q("createdAt")})
     select ${cat("'seed-tm'", "i")}, ${cat("'seed-t'", `(i % ${orgs} + 1)`)}, ${userId}, ${created} ${seq(n)}`,
  );
  await runner.run(
    `insert into ${q("twoFactor")} (id, ${q("userId")}, secret, ${q("backupCodes")}, ${q("lastTotpStep")}, ${q("trustGeneration")})
     select ${cat("'seed-2f'", "i")}, ${cat("'seed-u'", "(i * 10)")}, 'not-a-secret', '[]', 0, 0 ${seq(div(String(n), 10))}`,
  );
  if (size.passkeys)
    await runner.run(
      `insert into ${q("passkey")} (id, name, ${q("publicKey")}, ${q("userId")}, ${q("credentialID")}, counter, ${q("deviceType")},
         ${q("backedUp")}, transports, ${q("createdAt")})
       select ${cat("'seed-pk'", "i")}, 'Seed passkey', 'not-a-key', ${cat("'seed-u'", "(i * 10)")}, ${cat("'seed-credential-'", "i")},
         i % 7, 'multiDevice', ${bool("i % 2 = 0")}, 'internal,hybrid', ${created} ${seq(div(String(n), 10))}`,
    );
  const types = ["user.sign_in", "user.sign_up", "user.sign_out", "session.revoked", "user.sign_in_failed"];
  await runner.run(
    `insert into ${q("auditEvent")} (id, type, ${q("actorUserId")}, ${q("userId")}, ${q("organizationId")}, outcome, details, ${q("createdAt")})
     select ${cat("'seed-e'", "s.i", "'-'", "t.d")},
       case t.d ${types.map((type, i) => `when ${i} then '${type}'`).join(" ")} end,
       ${cat("'seed-u'", "s.i")}, ${cat("'seed-u'", "s.i")}, ${cat("'seed-o'", `(s.i % ${orgs} + 1)`)}, 'success', '{}',
       ${ts(`${start} + s.i * ${MINUTE} + t.d * 1000`)}
     from ${q("gh_seq")} s, ${q("gh_digit")} t where s.i <= ${n} and t.d < ${types.length}`,
  );
  await runner.run(`drop table ${q("gh_seq")}`);
  await runner.run(`drop table ${q("gh_digit")}`);
}

/** Has the database gather statistics on every table, as a production database would have them. */
export async function analyze(dialect: SqlDialect, runner: SqlRunner, tables: readonly string[]): Promise<void> {
  if (dialect === "sqlite") await runner.run("analyze");
  else if (dialect === "postgres") await runner.run("analyze");
  else await runner.run(`analyze table ${tables.map((t) => `\`${t}\``).join(", ")}`);
}
