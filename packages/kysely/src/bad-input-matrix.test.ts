// The bad-input matrix: one corpus of hostile values (U+0000, lone surrogates, over-long strings, RTL
// marks, emoji at the limit, prototype keys, deep nesting, wrong types) sent to every string and JSON field
// of every route, on SQLite, PostgreSQL and MySQL/MariaDB, through HTTP. The routes and fields come from
// the OpenAPI document of an auth with every plugin, so a new endpoint is covered without editing this
// file. The rule: every answer is below 500, and a refused create leaves no row behind.
import { createAuth } from "@gatehouse-auth/core";
import { createTestClient } from "@gatehouse-auth/core/testing";
import type { TestClient, TestResponse } from "@gatehouse-auth/core/testing";
import { organization } from "@gatehouse-auth/organization";
import { describe, expect } from "vitest";
// Sibling workspace packages by path: @gatehouse-auth/kysely has no dependency on them (only this test needs them).
import { admin } from "@gatehouse-auth/admin";
import { apiKey } from "@gatehouse-auth/api-key";
import { openAPI } from "@gatehouse-auth/open-api";
import { kyselyAdapter } from "./kysely-adapter.js";
import { testDatabases, useTestDatabase } from "./test-databases.js";

type Json = Record<string, unknown>;

// A fixed seed: a failure reproduces; the sample still differs per field.
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const nest = (depth: number): unknown => {
  let v: unknown = "x";
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};

/** Values sent as JSON in a string field's place: hostile strings and every wrong type. */
const STRING_CORPUS: unknown[] = [
  "a\u0000b",
  "\ud800",
  "x\udfff",
  "x".repeat(10_000),
  "x".repeat(256),
  "y".repeat(255),
  "😀".repeat(255),
  "😀".repeat(256),
  "\u202eevil\u200f",
  "trailing ",
  " ",
  "",
  "ÜNÏCÖDÉ@ÉXAMPLE.com",
  `${"a".repeat(250)}@example.com`,
  '"quoted"@example.com',
  "NaN",
  "-1",
  "1e309",
  "0000-01-01T00:00:00Z",
  "+275760-09-13T00:00:00.000Z",
  0,
  -1,
  1.5,
  1e308,
  null,
  true,
  [],
  ["a", "b"],
  {},
  { toString: "x" },
  nest(30),
];
/** Raw JSON texts for a field's value: what JSON.stringify cannot write (own __proto__ keys, 1e309, depth). */
const RAW_CORPUS: string[] = [
  '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"hasOwnProperty":1}',
  "1e309",
  `${"[".repeat(20_000)}${"]".repeat(20_000)}`,
  `${'{"a":'.repeat(40)}1${"}".repeat(40)}`,
];
/** JSON fields (metadata, permissions, data) also get these. */
const JSON_CORPUS: unknown[] = [
  { k: "a\u0000b" },
  { "k\u0000": 1 },
  { k: "\ud800" },
  { big: "x".repeat(16_000), more: "y".repeat(16_000), again: "z".repeat(16_000), last: "w".repeat(16_000), end: 1 },
  nest(31),
  nest(34),
  { a: [1, { b: null }], c: "😀" },
];
/** Query parameters are strings (and repeats). */
const QUERY_CORPUS: string[][] = [
  ["a\u0000b"],
  ["\ud800"],
  ["x".repeat(10_000)],
  ["x".repeat(256)],
  ["-1"],
  ["1e309"],
  ["NaN"],
  ["99999999999999999999999"],
  ["1.5"],
  ["trailing "],
  ["a", "b"],
  [""],
  ["\u202e"],
];
/** Sampled corpus values per field, besides the five always sent. */
const VALUES_PER_FIELD = 8;

interface Field {
  name: string;
  json: boolean;
  string: boolean;
  /** An additional user field that admin routes take inside `data`. */
  inData?: boolean;
}

// The app's additional user fields (see make()): the OpenAPI bodies do not list them, the routes take them.
const ADDITIONAL = [
  { name: "nickname", json: false, string: true },
  { name: "bio", json: false, string: true },
  { name: "born", json: false, string: true },
  { name: "prefs", json: true, string: false },
];
const TAKES_ADDITIONAL: Record<string, boolean> = {
  "/sign-up/email": false,
  "/update-user": false,
  "/admin/create-user": true,
  "/admin/update-user": true,
};
interface Operation {
  method: string;
  path: string;
  body: Field[];
  required: string[];
  query: Field[];
  requiredQuery: string[];
}

function resolve(doc: Json, schema: Json | undefined, seen = 0): Json {
  if (!schema || seen > 10) return {};
  if (typeof schema.$ref === "string") {
    const name = schema.$ref.split("/").pop()!;
    return resolve(doc, ((doc.components as Json).schemas as Record<string, Json>)[name], seen + 1);
  }
  const parts = (schema.allOf as Json[] | undefined) ?? [];
  if (parts.length === 0) return schema;
  const merged: Json = { type: "object", properties: {}, required: [] };
  for (const part of parts.map((p) => resolve(doc, p, seen + 1))) {
    Object.assign(merged.properties as Json, part.properties ?? {});
    (merged.required as string[]).push(...((part.required as string[] | undefined) ?? []));
  }
  return merged;
}

function typesOf(doc: Json, schema: Json | undefined): Set<string> {
  const s = resolve(doc, schema);
  const out = new Set<string>();
  if (typeof s.type === "string") out.add(s.type);
  if (Array.isArray(s.type)) for (const t of s.type) out.add(String(t));
  for (const branch of [...((s.anyOf as Json[]) ?? []), ...((s.oneOf as Json[]) ?? [])]) {
    for (const t of typesOf(doc, branch)) out.add(t);
  }
  if (s.properties || s.additionalProperties) out.add("object");
  return out;
}

function fieldsOf(doc: Json, schema: Json | undefined): { fields: Field[]; required: string[] } {
  const s = resolve(doc, schema);
  const props = (s.properties as Record<string, Json> | undefined) ?? {};
  const fields = Object.entries(props).map(([name, p]) => {
    const types = typesOf(doc, p);
    return { name, json: types.has("object"), string: types.has("string") || types.size === 0 };
  });
  return { fields, required: (s.required as string[] | undefined) ?? [] };
}

function operationsOf(doc: Json): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(item)) {
      if (path.includes("{")) continue; // path parameters: the OAuth callback, covered by its own tests
      const bodySchema = ((op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined)?.[
        "application/json"
      ]?.schema as Json | undefined;
      const body = fieldsOf(doc, bodySchema);
      const inData = TAKES_ADDITIONAL[path];
      if (inData !== undefined) body.fields.push(...ADDITIONAL.map((f) => ({ ...f, inData })));
      const params = ((op.parameters as Json[] | undefined) ?? []).filter((p) => p.in === "query");
      out.push({
        method: method.toUpperCase(),
        path,
        body: body.fields,
        required: body.required,
        query: params.map((p) => ({ name: String(p.name), json: false, string: true })),
        requiredQuery: params.filter((p) => p.required).map((p) => String(p.name)),
      });
    }
  }
  return out;
}

// Routes after which the caller's world may be gone (session, user, organization, membership).
const DESTRUCTIVE =
  /sign-out|revoke|delete|remove|leave|ban|impersonat|set-role|password|change-email|update-member-role|cancel|reject|accept|unlink|update-user|set-active/;

let counter = 0;
const unique = (tag: string) => `${tag}${++counter}${Math.random().toString(36).slice(2, 7)}`;

for (const [dbName, open] of testDatabases) {
  describe(`bad-input matrix on ${dbName}`, { timeout: 240_000 }, () => {
    const make = () =>
      createAuth({
        database: kyselyAdapter({ database: database() }),
        secret: "test-secret-0123456789abcdef0123456789",
        baseURL: "http://localhost:3000",
        logger: { error: () => {}, warn: () => {} },
        rateLimit: { enabled: false },
        user: {
          additionalFields: {
            nickname: { type: "string", required: false },
            bio: { type: "string", required: false, long: true, maxLength: 2000 },
            born: { type: "date", required: false },
            prefs: { type: "json", required: false },
          },
        },
        plugins: [
          organization({ teams: { enabled: true }, requireEmailVerificationOnInvitation: false }),
          admin(),
          apiKey(),
          openAPI(),
        ],
      });
    let auth: ReturnType<typeof make>;
    const { database, test } = useTestDatabase(`bad-input matrix on ${dbName}`, open, async () => {
      auth = make();
      await auth.$context.adapter.migrate!();
    });

    async function signUp(): Promise<{ client: TestClient; id: string; email: string }> {
      const client = createTestClient(auth);
      const email = `${unique("u")}@example.com`;
      const r = await client.post("/sign-up/email", { name: "User", email, password: "password-123" });
      expect(r.status).toBe(200);
      return { client, id: r.body.user.id, email };
    }

    /** A user who owns an organization with a team, a pending invitation and an API key; an admin; a target user. */
    async function world() {
      const owner = await signUp();
      const target = await signUp();
      const adminUser = await signUp();
      await auth.$context.db.update({
        model: "user",
        where: [{ field: "id", value: adminUser.id }],
        update: { role: "admin" },
      });
      const org = (await owner.client.post("/organization/create", { name: "Org", slug: unique("org") })).body;
      const team = (await owner.client.post("/organization/create-team", { name: "Team", organizationId: org.id }))
        .body;
      const invitation = (
        await owner.client.post("/organization/invite-member", {
          email: target.email,
          role: "member",
          organizationId: org.id,
        })
      ).body;
      const key = (await owner.client.post("/api-key/create", { name: "k" })).body;
      expect([org.id, team.id, invitation.id, key.id].every((v) => typeof v === "string")).toBe(true);
      const values: Record<string, unknown> = {
        organizationId: org.id,
        organizationSlug: org.slug,
        teamId: team.id,
        invitationId: invitation.id,
        keyId: key.id,
        key: key.key,
        userId: target.id,
        memberIdOrEmail: target.email,
        memberId: "missing",
        email: `${unique("e")}@example.com`,
        newEmail: `${unique("n")}@example.com`,
        password: "password-123",
        newPassword: "password-456",
        currentPassword: "password-123",
        name: "Name",
        slug: unique("slug"),
        role: "member",
        providerId: "credential",
        provider: "github",
        token: "token",
        permissions: {},
        data: {},
        metadata: {},
      };
      return {
        owner,
        target,
        admin: adminUser,
        values,
        ids: { org: org.id, team: team.id, invitation: invitation.id, key: key.id },
      };
    }
    type World = Awaited<ReturnType<typeof world>>;

    /** Whether a route left the world as world() made it (cheap reads instead of a rebuild with three sign-ups). */
    async function intact(w: World): Promise<boolean> {
      const db = auth.$context.db;
      const has = async (model: string, id: string, more: { field: string; value: unknown }[] = []) =>
        (await db.count({ model, where: [{ field: "id", value: id }, ...more] })) === 1;
      const me = async (c: TestClient, id: string) => {
        const r = await c.get("/get-session");
        return r.status === 200 && r.body?.user?.id === id && !r.body.session.impersonatedBy;
      };
      return (
        (await me(w.owner.client, w.owner.id)) &&
        (await me(w.admin.client, w.admin.id)) &&
        (await has("user", w.target.id, [{ field: "banned", value: false }])) &&
        (await has("user", w.admin.id, [{ field: "role", value: "admin" }])) &&
        (await has("organization", w.ids.org)) &&
        (await has("team", w.ids.team)) &&
        (await has("invitation", w.ids.invitation, [{ field: "status", value: "pending" }])) &&
        (await has("apikey", w.ids.key)) &&
        (await db.count({ model: "member", where: [{ field: "organizationId", value: w.ids.org }] })) === 1
      );
    }

    test("every string and JSON field of every route answers below 500; refused creates leave no rows", async () => {
      const doc = (await createTestClient(auth).get("/open-api/generate-schema")).body as Json;
      const ops = operationsOf(doc);
      expect(ops.length).toBeGreaterThan(60);
      // The limit is the field definition's, the same number the migration gives the column.
      const signUpBody = resolve(
        doc,
        ((doc.paths as Json)["/sign-up/email"] as Json & { post: Json }).post.requestBody as Json,
      );
      const signUpName = (
        resolve(doc, (signUpBody.content as Record<string, Json>)["application/json"]!.schema as Json)
          .properties as Record<string, Json>
      ).name!;
      expect(signUpName.maxLength).toBe(255);
      const rand = random(20_26);
      const failures: string[] = [];
      let sent = 0;
      let w = await world();

      for (const op of ops) {
        const started = Date.now();
        const caller = op.path.startsWith("/admin/") ? w.admin.client : w.owner.client;
        const baseBody = (): Json => {
          const b: Json = {};
          for (const name of op.required) b[name] = w.values[name] ?? "x";
          if (op.path === "/admin/update-user") b.data = { name: "Renamed" };
          return b;
        };
        const baseQuery = (): Record<string, string[]> =>
          Object.fromEntries(op.requiredQuery.map((n) => [n, [String(w.values[n] ?? w.values.keyId)]]));

        const send = async (body: string | undefined, query: Record<string, string[]>, label: string) => {
          const url = new URL(`http://localhost:3000/api/auth${op.path}`);
          for (const [k, vs] of Object.entries(query)) for (const v of vs) url.searchParams.append(k, v);
          const r: TestResponse =
            op.method === "GET"
              ? await caller.request("GET", `${op.path}${url.search}`)
              : await caller.request(op.method, `${op.path}${url.search}`, body ?? "{}", {
                  raw: true,
                  headers: { "content-type": "application/json" },
                });
          sent++;
          if (r.status >= 500) failures.push(`${op.method} ${op.path} ${label} → ${r.status} ${r.text.slice(0, 200)}`);
          return r;
        };

        for (const field of op.method === "GET" ? [] : op.body) {
          const pool: { text: string; label: string }[] = [
            ...STRING_CORPUS.map((v, i) => ({ text: JSON.stringify(v), label: `string#${i}` })),
            ...RAW_CORPUS.map((t, i) => ({ text: t, label: `raw#${i}` })),
            ...(field.json ? JSON_CORPUS.map((v, i) => ({ text: JSON.stringify(v), label: `json#${i}` })) : []),
          ];
          // Always the five that used to break a dialect (NUL, surrogates, 10,000 and 256 characters); a
          // seeded sample of the rest.
          const picks = pool.slice(0, 5);
          const rest = pool.slice(5);
          while (picks.length < VALUES_PER_FIELD + 5 && rest.length > 0) {
            picks.push(rest.splice(Math.floor(rand() * rest.length), 1)[0]!);
          }
          for (const pick of picks) {
            const base = baseBody();
            delete base[field.name];
            const fresh = { email: `${unique("m")}@example.com`, slug: unique("s") };
            const createsUser = op.path === "/sign-up/email" || op.path === "/admin/create-user";
            if (createsUser && field.name !== "email") base.email = fresh.email;
            if (op.path === "/organization/create" && field.name !== "slug") base.slug = fresh.slug;
            let text: string;
            if (field.inData) {
              const rest = JSON.stringify({ ...base, data: undefined }).slice(1, -1);
              text = `{${rest}${rest ? "," : ""}"data":{"${field.name}":${pick.text}}}`;
            } else {
              const head = JSON.stringify(base).slice(1, -1);
              text = `{${head}${head ? "," : ""}"${field.name}":${pick.text}}`;
            }
            const before = op.path === "/organization/create" ? await auth.$context.db.count({ model: "member" }) : 0;
            const r = await send(text, baseQuery(), `${field.name}=${pick.label}`);
            if (r.status >= 400 && createsUser && field.name !== "email") {
              const left = await auth.$context.db.count({
                model: "user",
                where: [{ field: "email", value: fresh.email }],
              });
              if (left !== 0) failures.push(`${op.path} ${field.name}=${pick.label} refused but left a user`);
            }
            if (r.status >= 400 && op.path === "/organization/create") {
              const orgs = await auth.$context.db.count({
                model: "organization",
                where: [{ field: "slug", value: fresh.slug }],
              });
              const members = await auth.$context.db.count({ model: "member" });
              if (orgs !== 0 || members !== before) failures.push(`org create ${field.name}=${pick.label} left rows`);
            }
          }
        }
        // Keys that name Object.prototype members, at the top level and inside `data` (admin update-user).
        if (op.method !== "GET") {
          const keys = '"hasOwnProperty":1,"constructor":{"prototype":{"x":1}},"__proto__":{"x":1},"toString":"x"';
          const base = baseBody();
          if (op.path === "/sign-up/email" || op.path === "/admin/create-user")
            base.email = `${unique("k")}@example.com`;
          const head = JSON.stringify(base).slice(1, -1);
          await send(`{${head}${head ? "," : ""}${keys}}`, baseQuery(), "prototype keys");
          if (op.path === "/admin/update-user") {
            await send(
              `{"userId":${JSON.stringify(w.values.userId)},"data":{"name":"N",${keys}}}`,
              {},
              "prototype keys in data",
            );
          }
          if (({} as Json).x !== undefined) failures.push(`${op.path}: Object.prototype polluted`);
        }
        for (const field of op.query) {
          for (const values of QUERY_CORPUS) {
            await send(undefined, { ...baseQuery(), [field.name]: values }, `?${field.name}=${values.join("&")}`);
          }
        }
        const spent = Date.now() - started;
        if (DESTRUCTIVE.test(op.path) && !(await intact(w))) w = await world();
        if (process.env.GATEHOUSE_MATRIX_VERBOSE) {
          const names = [...op.body, ...op.query].map((f) => `${f.name}${f.json ? "{}" : ""}${f.string ? "''" : ""}`);
          console.log(
            `${op.method} ${op.path} ${spent}ms world ${Date.now() - started - spent}ms [${names.join(" ")}]`,
          );
        }
      }
      if (process.env.GATEHOUSE_MATRIX_VERBOSE) console.log(`${dbName}: ${sent} requests over ${ops.length} routes`);
      expect(sent).toBeGreaterThan(500);
      expect(failures).toEqual([]);
    });

    // In-process calls skip the HTTP decoder and its depth cap: metadata is still bounded.
    test("metadata from auth.api: absurd depth or size is a 400 and creates nothing", async () => {
      const w = await world();
      const headers = { cookie: [...w.owner.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") };
      let deep: unknown = 1;
      for (let i = 0; i < 20_000; i++) deep = { a: deep };
      const huge = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, "x".repeat(20)]));
      for (const metadata of [deep, huge, { k: "a\u0000b" }]) {
        const slug = unique("meta");
        await expect(
          auth.api.createOrganization({ body: { name: "Meta", slug, metadata: metadata as Json }, headers }),
        ).rejects.toMatchObject({ status: 400 });
        expect(await auth.$context.db.count({ model: "organization", where: [{ field: "slug", value: slug }] })).toBe(
          0,
        );
      }
      const ok = await auth.api.createOrganization({
        body: { name: "Meta", slug: unique("meta"), metadata: { nested: { list: [1, "😀"] } } },
        headers,
      });
      expect(ok.metadata).toEqual({ nested: { list: [1, "😀"] } });
    });

    // MySQL/MariaDB compared PAD SPACE: `organizationId=<id>%20` found the organization, "slug " was taken.
    test("ids, slugs and emails never match with a trailing space", async () => {
      const w = await world();
      const { client } = w.owner;
      const org = (await client.get(`/organization/get-full-organization?organizationId=${w.ids.org}`)).body;
      expect(org.id).toBe(w.ids.org);
      for (const query of [
        `organizationId=${w.ids.org}%20`,
        `organizationSlug=${encodeURIComponent(`${org.slug} `)}`,
      ]) {
        const r = await client.get(`/organization/get-full-organization?${query}`);
        expect(r.status).toBeGreaterThanOrEqual(400);
        expect(r.status).toBeLessThan(500);
      }
      const key = await client.get(`/api-key/get?id=${w.ids.key}%20`);
      expect(key.status).toBe(404);
      const user = await w.admin.client.get(`/admin/get-user?id=${w.target.id}%20`);
      expect(user.status).toBe(404);
      // A slug is trimmed on the way in, so "slug " is "slug": taken, by the same rule on every dialect.
      const again = await client.post("/organization/create", { name: "Again", slug: `${org.slug} ` });
      expect(again.body.code).toBe("ORGANIZATION_ALREADY_EXISTS");
      expect((await client.post("/organization/check-slug", { slug: `${org.slug} ` })).body.code).toBe(
        "ORGANIZATION_SLUG_ALREADY_TAKEN",
      );
      const raw = await auth.$context.db.findOne({
        model: "organization",
        where: [{ field: "slug", value: `${org.slug} ` }],
      });
      expect(raw).toBeNull();
    });
  });
}
