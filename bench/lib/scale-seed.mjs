// Seeding for bench/scale.mjs: a store of N users (one session, one account and 0.1 API keys each), a big
// organization (up to 1,000 members and 1,000 invitations), one small organization per 10 users, and up
// to 100,000 audit events with the per-day counters the audit log keeps — written by bulk INSERTs on the
// driver, not through the API, so a million users take minutes, not hours. Seeded stores are kept under
// the temp directory (SQLite files) or as PostgreSQL template databases, keyed by size and by a hash of
// the schema, and copied for each run: the measured routes change them (sign-ins, accepted invitations).
import { createHash } from "node:crypto";

/** Rows set aside for the routes that use one up per request (accept, remove, delete). */
export const POOL = 60;
/** The password every seeded account has, and its "hash" under the bench's cheap hasher. */
export const PASSWORD = "bench-password-1";
export const cheapHash = (password) => `bench$${password}`;

const DAY = 86_400_000;
const EVENT_TYPES = [
  "user.signed_in",
  "user.signed_in",
  "user.signed_in",
  "user.sign_in_failed",
  "user.signed_up",
  "session.revoked",
  "user.updated",
  "organization.member_added",
];

/** What the bench needs to know about a seeded store of `users` users (ids are deterministic). */
export function layout(users) {
  const members = Math.min(1000, Math.floor(users / 2));
  return {
    users,
    admin: "u0",
    owner: "u1",
    heavy: "u2", // holds min(1,000, users / 100) sessions: list-sessions' worst case
    plain: "u3",
    signIn: "u4",
    keyHolder: "u5",
    bigOrg: "o0",
    members, // of the big organization, u10 … u(10 + members − 1); the first POOL are removed
    invitations: members, // to other addresses, every status
    acceptFrom: 10 + members, // u(acceptFrom + j) has a pending invitation iacc{j} to the big organization
    heavySessions: Math.min(1000, Math.floor(users / 100)),
    smallOrgs: Math.floor(users / 10),
    events: Math.min(users, 100_000),
    apiKeys: Math.floor(users / 10),
  };
}

/** The cache key of a seeded store: the composed schema (a new index reseeds), the size, the layout. */
export function seedKey(schema, users) {
  const h = createHash("sha256").update(JSON.stringify(schema)).update(`v3|${users}|${POOL}`).digest("hex");
  return h.slice(0, 12);
}

/** A name that does not sort like the id, so sorting by name is not sorting by insertion. */
function nameOf(i) {
  const h = createHash("sha1").update(String(i)).digest("hex").slice(0, 8);
  return `${h} User ${i}`;
}

/**
 * Writes the rows through `insert(table, columns, rows)` (the driver's bulk INSERT), model by model.
 * `encode(model, field, value)` turns JS values into what the dialect stores.
 */
export async function seed({ schema, users, insert, now, chunk = 2000 }) {
  const L = layout(users);
  const base = now - 120 * DAY;
  const batch = createBatcher(schema, insert, chunk);
  const userCreated = (i) => new Date(base + Math.floor((i * 100 * DAY) / users));

  for (let i = 0; i < users; i++) {
    const createdAt = userCreated(i);
    await batch.add("user", {
      id: `u${i}`,
      name: nameOf(i),
      email: `u${i}@bench.test`,
      emailVerified: true,
      createdAt,
      updatedAt: createdAt,
      role: i === 0 ? "admin" : "user",
      banned: i % 100 === 7,
    });
  }
  await batch.flush("user");
  for (let i = 0; i < users; i++) {
    const createdAt = userCreated(i);
    await batch.add("account", {
      id: `a${i}`,
      accountId: `u${i}`,
      providerId: "credential",
      userId: `u${i}`,
      password: cheapHash(PASSWORD),
      createdAt,
      updatedAt: createdAt,
    });
  }
  await batch.flush("account");
  const session = (id, userId, expiresAt) => ({
    id,
    token: createHash("sha256").update(id).digest("hex"),
    userId,
    expiresAt,
    ipAddress: "203.0.113.7",
    userAgent: "Mozilla/5.0 (bench)",
    createdAt: new Date(now - DAY),
    updatedAt: new Date(now - DAY),
  });
  for (let i = 0; i < users; i++) {
    // A tenth expired: the active-session count has something to leave out.
    await batch.add("session", session(`s${i}`, `u${i}`, new Date(now + (i % 10 === 0 ? -DAY : 7 * DAY))));
  }
  for (let j = 0; j < L.heavySessions; j++)
    await batch.add("session", session(`sh${j}`, L.heavy, new Date(now + 7 * DAY)));
  await batch.flush("session");
  for (let j = 0; j < L.apiKeys; j++) {
    await batch.add("apikey", {
      id: `k${j}`,
      name: `key ${j}`,
      start: "gh_",
      prefix: "gh_",
      key: createHash("sha256").update(`k${j}`).digest("hex"),
      userId: `u${(j * 10 + 6) % users}`,
      enabled: true,
      rateLimitEnabled: false,
      requestCount: 0,
      createdAt: new Date(now - DAY),
      updatedAt: new Date(now - DAY),
    });
  }
  await batch.flush("apikey");

  // The big organization, the organizations the owner deletes, and one small one per ten users.
  const org = (id, slug, createdAt) => ({ id, name: `Org ${slug}`, slug, createdAt });
  await batch.add("organization", org(L.bigOrg, "big", new Date(base)));
  for (let j = 0; j < POOL; j++) await batch.add("organization", org(`od${j}`, `delete-${j}`, new Date(base)));
  for (let j = 0; j < L.smallOrgs; j++)
    await batch.add("organization", org(`of${j}`, `small-${j}`, userCreated(j * 10)));
  await batch.flush("organization");
  const member = (id, organizationId, userId, role) => ({
    id,
    organizationId,
    userId,
    role,
    createdAt: new Date(base),
  });
  await batch.add("member", member("m-owner", L.bigOrg, L.owner, "owner"));
  for (let j = 0; j < L.members; j++) await batch.add("member", member(`m${j}`, L.bigOrg, `u${10 + j}`, "member"));
  for (let j = 0; j < POOL; j++) await batch.add("member", member(`md${j}`, `od${j}`, L.owner, "owner"));
  for (let j = 0; j < L.smallOrgs; j++)
    await batch.add("member", member(`mf${j}`, `of${j}`, `u${(j * 10 + 5) % users}`, "owner"));
  await batch.flush("member");
  const statuses = ["pending", "accepted", "canceled", "rejected"];
  const invitation = (id, email, status, expiresAt) => ({
    id,
    organizationId: L.bigOrg,
    email,
    role: "member",
    status,
    inviterId: L.owner,
    expiresAt,
    createdAt: new Date(now - DAY),
  });
  for (let j = 0; j < L.invitations; j++) {
    // Every fourth pending one has expired: get-full-organization and list-invitations meet all kinds.
    const expiresAt = new Date(now + (j % 8 === 0 ? -DAY : 2 * DAY));
    await batch.add("invitation", invitation(`i${j}`, `guest${j}@elsewhere.test`, statuses[j % 4], expiresAt));
  }
  for (let j = 0; j < POOL; j++)
    await batch.add(
      "invitation",
      invitation(`iacc${j}`, `u${L.acceptFrom + j}@bench.test`, "pending", new Date(now + 2 * DAY)),
    );
  await batch.flush("invitation");

  // Audit events over the last 90 days, and the per-day counters the audit log writes beside them.
  const counters = new Map();
  for (let j = 0; j < L.events; j++) {
    const type = EVENT_TYPES[j % EVENT_TYPES.length];
    const createdAt = new Date(now - 90 * DAY + Math.floor((j * 90 * DAY) / L.events));
    const subject = `u${(j * 7) % users}`;
    await batch.add("auditEvent", {
      id: `e${String(j).padStart(7, "0")}`,
      type,
      actorUserId: subject,
      userId: subject,
      organizationId: j % 5 === 0 ? L.bigOrg : null,
      ipAddress: "203.0.113.7",
      userAgent: "Mozilla/5.0 (bench)",
      outcome: type === "user.sign_in_failed" ? "failure" : "success",
      details: "{}",
      createdAt,
    });
    if (type === "user.signed_in" || type === "user.signed_up" || type === "user.sign_in_failed") {
      const id = `${createdAt.toISOString().slice(0, 10)}|${type}`;
      counters.set(id, (counters.get(id) ?? 0) + 1);
    }
  }
  await batch.flush("auditEvent");
  for (const [id, count] of counters) {
    const [day, type] = id.split("|");
    await batch.add("auditDailyCount", { id, day, type, count });
  }
  await batch.flush("auditDailyCount");
  return L;
}

/** Collects rows per model and hands them to `insert` in chunks, with every column of the schema filled. */
function createBatcher(schema, insert, CHUNK) {
  const pending = new Map();
  const columnsOf = (model) => ["id", ...Object.keys(schema[model].fields)];
  const complete = (model, data) => {
    const row = [];
    for (const column of columnsOf(model)) {
      if (column in data) {
        row.push(data[column]);
        continue;
      }
      const f = schema[model].fields[column];
      const def = typeof f.defaultValue === "function" ? f.defaultValue() : f.defaultValue;
      row.push(def !== undefined ? def : f.required === false ? null : fallback(f.type));
    }
    return row;
  };
  return {
    async add(model, data) {
      let rows = pending.get(model);
      if (!rows) {
        rows = [];
        pending.set(model, rows);
      }
      rows.push(complete(model, data));
      if (rows.length >= CHUNK) await this.flush(model);
    },
    async flush(model) {
      const rows = pending.get(model);
      if (!rows?.length) return;
      pending.set(model, []);
      await insert(model, columnsOf(model), rows);
    },
  };
}

function fallback(type) {
  if (type === "string") return "";
  if (type === "number") return 0;
  if (type === "boolean") return false;
  if (type === "date") return new Date();
  return {};
}
