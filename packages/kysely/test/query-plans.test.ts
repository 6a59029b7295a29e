// Every statement the repositories send, explained by each database on a store seeded to 20,000 users
// and analyzed: a full scan of a table that grows with users fails the test, unless the allow-list
// below says why it is fine. The statements are captured (with their parameters) while the routes run
// through the public API: sign-up and sign-in, sessions, organizations, admin list-users with each
// sort, API keys, teams, two-factor, passkeys (registration, sign-in, listing, rename, removal), the audit
// listings and the cleanup job.
import { admin } from "@gatehouse-auth/admin";
import { apiKey } from "@gatehouse-auth/api-key";
import { auditLog } from "@gatehouse-auth/audit-log";
import { createAuth } from "@gatehouse-auth/core";
import type { Auth } from "@gatehouse-auth/core";
import { createTestClient } from "@gatehouse-auth/core/testing";
import type { TestClient } from "@gatehouse-auth/core/testing";
import { organization } from "@gatehouse-auth/organization";
import { passkey } from "@gatehouse-auth/passkey";
import { twoFactor } from "@gatehouse-auth/two-factor";
import { createHmac } from "node:crypto";
import { appendFileSync } from "node:fs";
import { describe, expect } from "vitest";
// The passkey package's software authenticator (test-only, not exported): real WebAuthn ceremonies.
import { SoftAuthenticator } from "../../passkey/src/soft-authenticator.js";
import type { SqlDialect } from "../src/dialect.js";
import { kyselyAdapter } from "../src/kysely-adapter.js";
import { testDatabases, useTestDatabase } from "../src/test-databases.js";
import { type FullScan, findFullScans, unplanned } from "./find-full-scans.js";
import { analyze, seedBySql, sqlRunner } from "./seed-by-sql.js";

const USERS = Number(process.env.GATEHOUSE_PLAN_USERS ?? 20_000);
/** A file to append every statement and its plan to (for reading the plans, not for the assertion). */
const REPORT = process.env.GATEHOUSE_PLAN_REPORT;

/** Tables whose rows grow with users: a full scan of one costs more every day. */
const GROWING = new Set([
  "user",
  "session",
  "account",
  "verification",
  "rateLimit",
  "organization",
  "member",
  "invitation",
  "apikey",
  "auditEvent",
  "team",
  "teamMember",
  "twoFactor",
  "passkey",
]);

/** Full scans that are fine, each with its reason. `sql` matches the statement, `table` the scanned table. */
const ALLOWED: { table: string; sql: RegExp; reason: string }[] = [
  {
    table: "user",
    sql: /^select count\(\*\) as ["`]n["`] from ["`]user["`]/i,
    reason:
      "admin list-users' total: a whole-table count, the subject of issue 27 item 3 (estimated or cached past a threshold)",
  },
  {
    table: "user",
    sql: /^select ["`]user["`]\.["`]id["`] as ["`]id["`] from ["`]user["`] where 1 = 1 limit/i,
    reason:
      "admin list-users' capped total: reads ids up to the threshold and stops at the LIMIT (past it the total is counted at most once a minute)",
  },
  {
    table: "user",
    sql: /like/i,
    reason:
      "list-users' substring search (`contains`, LIKE '%…%') cannot use a B-tree index on any database; it stops at the page's LIMIT",
  },
];

const DIALECT: Record<string, SqlDialect> = { SQLite: "sqlite", PostgreSQL: "postgres", MySQL: "mysql" };

interface Finding extends FullScan {
  sql: string;
}

for (const [name, open] of testDatabases) {
  const dialect = DIALECT[name]!;
  describe(`query plans on ${name}`, () => {
    const sent = new Map<string, readonly unknown[]>();
    let recording = false;
    const make = (): Auth =>
      createAuth({
        database: kyselyAdapter({
          database: database(),
          onQuery: (sql, parameters) => {
            // One plan per statement text: the first parameters it was sent with.
            if (recording && !sent.has(sql)) sent.set(sql, parameters);
          },
        }),
        secret: "test-secret-0123456789abcdef0123456789",
        baseURL: "http://localhost:3000",
        emailAndPassword: { enabled: true, sendResetPassword: async () => {} },
        // The database store, so its statements are planned too; limits high enough for one test client.
        rateLimit: {
          enabled: true,
          storage: "database",
          max: 100_000,
          customRules: { "/sign-in/*": false, "/sign-up/*": false },
        },
        logger: { error: () => {}, warn: () => {} },
        plugins: [
          admin(),
          organization({ sendInvitationEmail: () => {}, teams: { enabled: true } }),
          apiKey(),
          auditLog({ retentionDays: 365 }),
          twoFactor(),
          passkey(),
        ],
      });

    const { database, test } = useTestDatabase(
      `query plans on ${name}`,
      open,
      async (db) => {
        await make().$context.adapter.migrate!();
        const runner = await sqlRunner(dialect, db);
        try {
          await seedBySql(
            dialect,
            runner,
            { users: USERS, organizations: Math.max(USERS / 20, 1), passkeys: true },
            Date.now(),
          );
          await analyze(dialect, runner, [...GROWING]);
        } finally {
          await runner.close();
        }
      },
      180_000,
    ); // 20,000 users and their rows in thirteen tables, on servers other suites share

    /** The plans' full scans of growing tables that no allow-list entry covers. */
    const unexplained = async (statements: Map<string, readonly unknown[]>): Promise<Finding[]> => {
      const findings: Finding[] = [];
      for (const [sql, parameters] of statements) {
        if (unplanned(sql)) continue;
        const plan = await findFullScans(dialect, database(), sql, parameters);
        if (REPORT)
          appendFileSync(
            REPORT,
            `${name}\t${sql.replace(/\s+/g, " ").slice(0, 3000)}\n\t${plan.accesses.join("\n\t")}\n`,
          );
        for (const scan of plan.scans) {
          if (!GROWING.has(scan.table)) continue;
          if (ALLOWED.some((a) => a.table === scan.table && a.sql.test(sql))) continue;
          findings.push({ ...scan, sql });
        }
      }
      return findings;
    };

    test("no statement the routes send scans a table that grows with users", async () => {
      const auth = make();
      recording = true;
      try {
        await exercise(auth);
      } finally {
        recording = false;
      }
      // Enough of the flows ran to mean something (a broken flow would silently send nothing).
      expect(sent.size).toBeGreaterThan(90);
      // The passkey flows ran: their reads of the passkey table were planned.
      expect([...sent.keys()].filter((sql) => /from ["`]passkey["`]/i.test(sql)).length).toBeGreaterThanOrEqual(3);
      expect(await unexplained(sent)).toEqual([]);
    }, 240_000);

    test("a dropped index is flagged: the cleanup's and list-users' statements then scan", async () => {
      const auth = make();
      const admin = await signUp(auth, "admin");
      await auth.$context.db.updateMany({
        model: "user",
        where: [{ field: "id", value: admin.id }],
        update: { role: "admin" },
      });
      sent.clear();
      recording = true;
      try {
        await auth.api.cleanup({ body: { batchSize: 100 } });
        await ok("list-users", admin.client.get("/admin/list-users?sortBy=createdAt&limit=50"));
      } finally {
        recording = false;
      }
      expect(await unexplained(sent)).toEqual([]);
      const indexes = [
        ["session", "session_expiresAt_idx", "expiresAt"],
        ["user", "user_createdAt_id_idx", "createdAt"],
      ] as const;
      const q = (id: string) => (dialect === "mysql" ? `\`${id}\`` : `"${id}"`);
      const runner = await sqlRunner(dialect, database());
      try {
        for (const [table, index] of indexes)
          await runner.run(dialect === "mysql" ? `drop index ${q(index)} on ${q(table)}` : `drop index ${q(index)}`);
        const flagged = new Set((await unexplained(sent)).map((f) => f.table));
        expect([...flagged].sort()).toEqual(["session", "user"]);
      } finally {
        for (const [table, index, column] of indexes)
          await runner.run(
            `create index ${q(index)} on ${q(table)} (${q(column)}${table === "user" ? `, ${q("id")}` : ""})`,
          );
        await runner.close();
      }
    }, 120_000);
  });
}

let counter = 0;
const unique = (tag: string) => `${tag}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;

/** Asserts a 2xx, naming the route when a flow broke (its statements would be missing from the plans). */
async function ok<T extends { status: number; text: string }>(what: string, response: Promise<T>): Promise<T> {
  const r = await response;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${r.text}`);
  return r;
}

async function signUp(auth: Auth, tag: string): Promise<{ client: TestClient; email: string; id: string }> {
  const client = createTestClient(auth);
  const email = `${unique(tag)}@example.com`;
  const r = await ok("sign-up", client.post("/sign-up/email", { name: tag, email, password: "password-123" }));
  return { client, email, id: r.body.user.id };
}

/** The code an authenticator app shows for `uri` in 30-second step `step` (RFC 6238: SHA-1, 6 digits). */
function totpAt(uri: string, step: number): string {
  const secret = (new URL(uri).searchParams.get("secret") ?? "").replace(/=+$/, "").toUpperCase();
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const ch of secret) bits += alphabet.indexOf(ch).toString(2).padStart(5, "0");
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => Number.parseInt(b, 2)));
  const counterBytes = Buffer.alloc(8);
  counterBytes.writeBigUInt64BE(BigInt(step));
  const mac = createHmac("sha1", key).update(counterBytes).digest();
  const offset = (mac.at(-1) ?? 0) & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/** Drives every route whose statements the plan test reads, through HTTP as a browser or app would. */
async function exercise(auth: Auth): Promise<void> {
  const db = auth.$context.db;
  const owner = await signUp(auth, "owner");
  const member = await signUp(auth, "member");
  await db.updateMany({ model: "user", where: [{ field: "id", value: owner.id }], update: { role: "admin" } });
  // Invitations are for verified addresses.
  await db.updateMany({ model: "user", where: [{ field: "id", value: member.id }], update: { emailVerified: true } });

  // Sessions and the account.
  const second = createTestClient(auth);
  await ok("sign-in", second.post("/sign-in/email", { email: owner.email, password: "password-123" }));
  const wrong = await createTestClient(auth).post("/sign-in/email", { email: owner.email, password: "wrong-pass-1" });
  expect(wrong.status).toBe(401);
  await createTestClient(auth).post("/sign-in/email", { email: "nobody@example.com", password: "wrong-pass-1" });
  await ok("get-session", owner.client.get("/get-session"));
  const sessions = await ok("list-sessions", owner.client.get("/list-sessions"));
  const other = (sessions.body as { id: string; current: boolean }[]).find((s) => !s.current);
  if (other) await ok("revoke-session", owner.client.post("/revoke-session", { id: other.id }));
  await ok("update-user", owner.client.post("/update-user", { name: "Owner Renamed" }));
  await ok("list-accounts", owner.client.get("/list-accounts"));
  await ok("request-password-reset", createTestClient(auth).post("/request-password-reset", { email: member.email }));
  await createTestClient(auth).post("/reset-password", { token: "not-a-token", newPassword: "password-456" });

  // Organizations.
  const slug = unique("acme");
  const org = await ok("create organization", owner.client.post("/organization/create", { name: "Acme", slug }));
  const organizationId = org.body.id as string;
  await ok("check-slug", owner.client.post("/organization/check-slug", { slug: unique("free") }));
  const invite = await ok(
    "invite-member",
    owner.client.post("/organization/invite-member", { email: member.email, role: "member", organizationId }),
  );
  await ok("list-user-invitations", member.client.get("/organization/list-user-invitations"));
  await ok("get-invitation", member.client.get(`/organization/get-invitation?id=${invite.body.id}`));
  await ok(
    "accept-invitation",
    member.client.post("/organization/accept-invitation", { invitationId: invite.body.id }),
  );
  const other2 = await ok(
    "invite-member",
    owner.client.post("/organization/invite-member", {
      email: `${unique("x")}@example.com`,
      role: "member",
      organizationId,
    }),
  );
  await ok("cancel-invitation", owner.client.post("/organization/cancel-invitation", { invitationId: other2.body.id }));
  await ok("set-active", owner.client.post("/organization/set-active", { organizationId }));
  await ok("list organizations", owner.client.get("/organization/list"));
  await ok("list-members", owner.client.get(`/organization/list-members?organizationId=${organizationId}`));
  await ok("list-invitations", owner.client.get(`/organization/list-invitations?organizationId=${organizationId}`));
  await ok(
    "full organization",
    owner.client.get(`/organization/get-full-organization?organizationId=${organizationId}`),
  );
  await ok("active member", owner.client.get("/organization/get-active-member"));
  const members = await ok(
    "list-members",
    owner.client.get(`/organization/list-members?organizationId=${organizationId}`),
  );
  const memberRow = (members.body.members as { id: string; userId: string }[]).find((m) => m.userId === member.id)!;
  await ok(
    "update-member-role",
    owner.client.post("/organization/update-member-role", { memberId: memberRow.id, role: "admin", organizationId }),
  );
  await ok(
    "remove-member",
    owner.client.post("/organization/remove-member", { memberIdOrEmail: member.email, organizationId }),
  );
  // A seeded organization the owner does not belong to: refused, but its lookups are planned too.
  await owner.client.get("/organization/get-full-organization?organizationId=seed-o1");

  // API keys, and a request authenticated by one.
  const key = await ok("api-key create", owner.client.post("/api-key/create", { name: "ci", expiresIn: 86_400 }));
  await ok("api-key list", owner.client.get("/api-key/list"));
  await ok("api-key get", owner.client.get(`/api-key/get?id=${key.body.id}`));
  await ok(
    "get-session by key",
    createTestClient(auth).get("/get-session", { headers: { "x-api-key": key.body.key } }),
  );
  await ok("api-key update", owner.client.post("/api-key/update", { keyId: key.body.id, name: "ci-2" }));
  await ok("api-key expired", owner.client.post("/api-key/delete-all-expired-api-keys"));
  await ok("api-key delete", owner.client.post("/api-key/delete", { keyId: key.body.id }));
  // The organization's keys: created, paged by cursor on apikey(organizationId, createdAt, id), verified.
  const orgKeys = [];
  for (const name of ["org-ci", "org-deploy", "org-report"])
    orgKeys.push(await ok("org api-key create", owner.client.post("/api-key/create", { name, organizationId })));
  const orgPage = await ok(
    "org api-key list",
    owner.client.get(`/api-key/list?organizationId=${organizationId}&limit=2`),
  );
  await ok(
    "org api-key list page 2",
    owner.client.get(`/api-key/list?organizationId=${organizationId}&limit=2&cursor=${orgPage.body.nextCursor}`),
  );
  await ok("org api-key verify", createTestClient(auth).post("/api-key/verify", { key: orgKeys[0]!.body.key }));
  await ok("org api-key delete", owner.client.post("/api-key/delete", { keyId: orgKeys[0]!.body.id }));

  // Admin: list-users with every sort offered and the filters, one user's sessions, ban and role.
  for (const sortBy of ["createdAt", "name", "email", "updatedAt"])
    for (const sortDirection of ["asc", "desc"])
      await ok(
        `list-users ${sortBy}`,
        owner.client.get(`/admin/list-users?sortBy=${sortBy}&sortDirection=${sortDirection}&limit=50&offset=100`),
      );
  // The next page by cursor (keyset) for each sort: a range on the sort column's index, whatever the depth.
  for (const sortBy of ["createdAt", "name", "email", "updatedAt"]) {
    const first = await ok(
      `list-users ${sortBy} page 1`,
      owner.client.get(`/admin/list-users?sortBy=${sortBy}&limit=50`),
    );
    const next = first.body.nextCursor as string;
    expect(next).toEqual(expect.any(String));
    await ok(
      `list-users ${sortBy} by cursor`,
      owner.client.get(`/admin/list-users?sortBy=${sortBy}&limit=50&cursor=${encodeURIComponent(next)}`),
    );
  }
  await ok("list-users role", owner.client.get("/admin/list-users?filterField=role&filterValue=admin"));
  await ok("list-users banned", owner.client.get("/admin/list-users?filterField=banned&filterValue=true"));
  await ok("list-users search", owner.client.get("/admin/list-users?searchValue=seed-42&searchField=email"));
  await ok("get-user", owner.client.get(`/admin/get-user?id=${member.id}`));
  await ok("list-user-sessions", owner.client.post("/admin/list-user-sessions", { userId: member.id }));
  await ok("set-role", owner.client.post("/admin/set-role", { userId: member.id, role: "user" }));
  await ok("ban-user", owner.client.post("/admin/ban-user", { userId: member.id }));
  await ok("unban-user", owner.client.post("/admin/unban-user", { userId: member.id }));
  await ok("revoke-user-sessions", owner.client.post("/admin/revoke-user-sessions", { userId: member.id }));

  // The audit listings, first pages and a next page.
  await auth.settled();
  const page = await ok("admin audit log", owner.client.get("/admin/audit-log?limit=20"));
  if (page.body.nextCursor)
    await ok("admin audit log page 2", owner.client.get(`/admin/audit-log?limit=20&cursor=${page.body.nextCursor}`));
  await ok("admin audit log by type", owner.client.get("/admin/audit-log?type=user.sign_in&limit=20"));
  await ok("security events", owner.client.get("/list-security-events"));
  await ok("organization audit log", owner.client.get(`/organization/audit-log?organizationId=${organizationId}`));

  // Teams: create, rename, members in and out, the caller's teams, the active team, removal.
  const team = await ok(
    "create-team",
    owner.client.post("/organization/create-team", { name: "Core", organizationId }),
  );
  const teamId = team.body.id as string;
  await ok("update-team", owner.client.post("/organization/update-team", { teamId, data: { name: "Core 2" } }));
  await ok("add-team-member", owner.client.post("/organization/add-team-member", { teamId, userId: owner.id }));
  await ok("list-teams", owner.client.get(`/organization/list-teams?organizationId=${organizationId}`));
  await ok("list-team-members", owner.client.get(`/organization/list-team-members?teamId=${teamId}`));
  await ok("list-user-teams", owner.client.get("/organization/list-user-teams"));
  await ok("set-active-team", owner.client.post("/organization/set-active-team", { teamId }));
  await ok("remove-team-member", owner.client.post("/organization/remove-team-member", { teamId, userId: owner.id }));
  await ok("remove-team", owner.client.post("/organization/remove-team", { teamId, organizationId }));

  // Two-factor: enable with the password, confirm with a code, then a sign-in that asks for one.
  const tf = await signUp(auth, "tf");
  const enabled = await ok("two-factor enable", tf.client.post("/two-factor/enable", { password: "password-123" }));
  const uri = enabled.body.totpURI as string;
  const step = Math.floor(Date.now() / 30_000);
  await ok("verify-totp (enabling)", tf.client.post("/two-factor/verify-totp", { code: totpAt(uri, step) }));
  const challenged = createTestClient(auth);
  await ok("sign-in (two-factor)", challenged.post("/sign-in/email", { email: tf.email, password: "password-123" }));
  await ok("verify-totp", challenged.post("/two-factor/verify-totp", { code: totpAt(uri, step + 1) }));
  await ok("two-factor disable", tf.client.post("/two-factor/disable", { password: "password-123" }));

  // Passkeys: registration (the newest passkeys to exclude, the ceremony row), listing, rename, a sign-in
  // by passkey (the credential lookup, the counter's conditional write), a second browser's sign-in with a
  // credential the server never saw, removal.
  const pk = await signUp(auth, "pk");
  const authenticator = new SoftAuthenticator();
  for (const name of ["laptop", "phone"]) {
    const options = await ok("passkey register options", pk.client.post("/passkey/generate-register-options", {}));
    await ok(
      "passkey verify-registration",
      pk.client.post("/passkey/verify-registration", { response: authenticator.register(options.body), name }),
    );
  }
  const listed = await ok("list-user-passkeys", pk.client.get("/passkey/list-user-passkeys?limit=1"));
  const passkeys = listed.body as { id: string }[];
  expect(passkeys).toHaveLength(1);
  const cursor = listed.headers.get("x-next-cursor");
  if (cursor)
    await ok("list-user-passkeys page 2", pk.client.get(`/passkey/list-user-passkeys?limit=1&cursor=${cursor}`));
  await ok("update-passkey", pk.client.post("/passkey/update-passkey", { id: passkeys[0]!.id, name: "renamed" }));
  const browser = createTestClient(auth);
  const challenge = await ok(
    "passkey authenticate options",
    browser.post("/passkey/generate-authenticate-options", {}),
  );
  await ok(
    "passkey verify-authentication",
    browser.post("/passkey/verify-authentication", { response: authenticator.authenticate(challenge.body) }),
  );
  expect((await ok("get-session (passkey)", browser.get("/get-session"))).body.user.id).toBe(pk.id);
  const stranger = createTestClient(auth);
  const strangerChallenge = await ok(
    "passkey authenticate options",
    stranger.post("/passkey/generate-authenticate-options", {}),
  );
  // A credential made on another authenticator for this site that was never registered here.
  const unregistered = new SoftAuthenticator();
  unregistered.register({ rp: { id: "localhost" }, user: { id: "bm90LXJlZ2lzdGVyZWQ" }, challenge: "bm9uZQ" });
  const unknown = await stranger.post("/passkey/verify-authentication", {
    response: unregistered.authenticate(strangerChallenge.body),
  });
  expect(unknown.status).toBeGreaterThanOrEqual(400);
  expect(unknown.status).toBeLessThan(500);
  await ok("delete-passkey", pk.client.post("/passkey/delete-passkey", { id: passkeys[0]!.id }));

  // Deleting an organization clears it from sessions that have it active.
  await ok("delete organization", owner.client.post("/organization/delete", { organizationId }));
  await ok("sign-out", second.post("/sign-out"));
  // Batches of 100 rows of the 20,000-row test tables are the share a 1,000-row batch is of 200,000 rows:
  // with a tenth of a small table in one batch, PostgreSQL rightly prefers reading the table.
  await auth.api.cleanup({ body: { batchSize: 100 } });
  await auth.settled();
}
