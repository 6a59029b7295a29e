// POST /scim/v2/Bulk (RFC 7644 §3.7) over HTTP on SQLite: bulkId references (forward, in a path and in a
// Group's members), failOnErrors, per-operation versions, limits, cycles, duplicate bulkIds, another
// organization's ids, and the audit events each operation records.
import { auditLog } from "@gatehouse-auth/audit-log";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newOrganization, patchOp, scimClient, startScimServer } from "./test-helpers.js";

let server: Awaited<ReturnType<typeof startScimServer>>;
beforeAll(async () => {
  server = await startScimServer({ maxBulkPayloadSize: 20_000 }, { plugins: [auditLog()] });
});
afterAll(() => server.close());

const BULK = "urn:ietf:params:scim:api:messages:2.0:BulkRequest";
const bulk = (Operations: unknown[], extra: Record<string, unknown> = {}) => ({
  schemas: [BULK],
  Operations,
  ...extra,
});
const user = (userName: string, extra: Record<string, unknown> = {}) => ({
  schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
  userName,
  emails: [{ value: userName, type: "work", primary: true }],
  ...extra,
});
const group = (displayName: string, members: string[]) => ({
  schemas: ["urn:ietf:params:scim:schemas:core:2.0:Group"],
  displayName,
  members: members.map((value) => ({ value })),
});
const tag = () => Math.random().toString(36).slice(2, 8);

async function userCount(organizationId: string) {
  return server.auth.$context.db.count({
    model: "scimUser",
    where: [{ field: "organizationId", value: organizationId }],
  });
}

describe("POST /scim/v2/Bulk", () => {
  it("ServiceProviderConfig announces bulk with its limits", async () => {
    const org = await newOrganization(server);
    const spc = await org.scim.get("/ServiceProviderConfig");
    expect(spc.body.bulk).toEqual({ supported: true, maxOperations: 100, maxPayloadSize: 20_000 });
  });

  it("resolves bulkIds (a forward reference in a Group's members, one in a path) and answers each operation", async () => {
    const org = await newOrganization(server);
    const t = tag();
    const existing = (await org.scim.post("/Users", user(`old-${t}@bulk.test`))).body;
    const res = await org.scim.post(
      "/Bulk",
      bulk([
        // The Group comes first and names a user created later in the request.
        { method: "POST", path: "/Groups", bulkId: "g", data: group(`Team ${t}`, ["bulkId:u1", existing.id]) },
        { method: "POST", path: "/Users", bulkId: "u1", data: user(`ada-${t}@bulk.test`) },
        {
          method: "PATCH",
          path: "/Users/bulkId:u1",
          data: patchOp({ op: "replace", path: "displayName", value: "Ada L" }),
        },
        {
          method: "PUT",
          path: `/Users/${existing.id}`,
          version: existing.meta.version,
          data: user(existing.userName, { displayName: "Old" }),
        },
        { method: "DELETE", path: "/Groups/bulkId:g" },
      ]),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/scim+json");
    expect(res.body.schemas).toEqual(["urn:ietf:params:scim:api:messages:2.0:BulkResponse"]);
    const ops = res.body.Operations as Record<string, unknown>[];
    // Run in dependency order: the user before the group that references it.
    expect(ops.map((o) => [o.method, o.bulkId, o.status])).toEqual([
      ["POST", "u1", "201"],
      ["POST", "g", "201"],
      ["PATCH", undefined, "200"],
      ["PUT", undefined, "200"],
      ["DELETE", undefined, "204"],
    ]);
    const ada = await org.scim.get(new URL(ops[0]?.location as string).pathname.replace(/^.*\/scim\/v2/, ""));
    expect(ada.body).toMatchObject({ userName: `ada-${t}@bulk.test`, displayName: "Ada L" });
    expect(ops[0]?.version).toEqual(expect.stringMatching(/^W\/"/));
    expect((await org.scim.get(`/Users/${existing.id}`)).body.displayName).toBe("Old");
    expect((await org.scim.get(new URL(ops[1]?.location as string).pathname.replace(/^.*\/scim\/v2/, ""))).status).toBe(
      404,
    );
  });

  it("a Group created with a bulkId member has that user in its team", async () => {
    const org = await newOrganization(server);
    const t = tag();
    const res = await org.scim.post(
      "/Bulk",
      bulk([
        { method: "POST", path: "/Users", bulkId: "u", data: user(`m-${t}@bulk.test`) },
        { method: "POST", path: "/Groups", bulkId: "g", data: group(`G ${t}`, ["bulkId:u"]) },
      ]),
    );
    const [u, g] = res.body.Operations as { location: string }[];
    const groupId = g?.location.split("/").pop() as string;
    const read = await org.scim.get(`/Groups/${groupId}`);
    expect(read.body.members.map((m: { value: string }) => m.value)).toEqual([u?.location.split("/").pop()]);
  });

  it("a refused operation leaves nothing of itself; failOnErrors stops after that many refusals", async () => {
    const org = await newOrganization(server);
    const other = await newOrganization(server);
    const t = tag();
    const foreign = (await other.scim.post("/Users", user(`foreign-${t}@bulk.test`))).body.id;
    const res = await org.scim.post(
      "/Bulk",
      bulk(
        [
          { method: "POST", path: "/Users", bulkId: "a", data: user(`a-${t}@bulk.test`) },
          // The same userName: 409, and no second account.
          {
            method: "POST",
            path: "/Users",
            bulkId: "b",
            data: user(`A-${t}@bulk.test`, { emails: [{ value: `b-${t}@bulk.test` }] }),
          },
          // One member of another organization: 400, and no team.
          { method: "POST", path: "/Groups", bulkId: "g", data: group(`Half ${t}`, ["bulkId:a", foreign]) },
          { method: "POST", path: "/Users", bulkId: "c", data: user(`c-${t}@bulk.test`) },
        ],
        { failOnErrors: 2 },
      ),
    );
    expect(res.status).toBe(200);
    const ops = res.body.Operations as { bulkId: string; status: string; response?: Record<string, unknown> }[];
    expect(ops.map((o) => [o.bulkId, o.status])).toEqual([
      ["a", "201"],
      ["b", "409"],
      ["g", "400"],
    ]);
    expect(ops[1]?.response).toMatchObject({
      schemas: ["urn:ietf:params:scim:api:messages:2.0:Error"],
      status: "409",
      scimType: "uniqueness",
    });
    expect(await server.auth.$context.users.findByEmail(`b-${t}@bulk.test`)).toBeNull();
    expect(
      (await org.scim.get(`/Groups?filter=${encodeURIComponent(`displayName eq "Half ${t}"`)}`)).body.totalResults,
    ).toBe(0);
    // Not run after the second refusal.
    expect(await server.auth.$context.users.findByEmail(`c-${t}@bulk.test`)).toBeNull();
    expect(await userCount(org.organizationId)).toBe(1);
  });

  it("an operation's version is its If-Match: a stale one is 412 and changes nothing", async () => {
    const org = await newOrganization(server);
    const u = (await org.scim.post("/Users", user(`v-${tag()}@bulk.test`))).body;
    const renamed = await org.scim.patch(
      `/Users/${u.id}`,
      patchOp({ op: "replace", path: "displayName", value: "One" }),
    );
    const res = await org.scim.post(
      "/Bulk",
      bulk([
        {
          method: "PATCH",
          path: `/Users/${u.id}`,
          version: u.meta.version,
          data: patchOp({ op: "replace", path: "displayName", value: "Stale" }),
        },
        {
          method: "PATCH",
          path: `/Users/${u.id}`,
          version: renamed.body.meta.version,
          data: patchOp({ op: "replace", path: "displayName", value: "Two" }),
        },
      ]),
    );
    expect(res.body.Operations.map((o: { status: string }) => o.status)).toEqual(["412", "200"]);
    expect((await org.scim.get(`/Users/${u.id}`)).body.displayName).toBe("Two");
  });

  it("circular bulkId references are 409 for every operation caught in them; nothing of them is written", async () => {
    const org = await newOrganization(server);
    const t = tag();
    const res = await org.scim.post(
      "/Bulk",
      bulk([
        { method: "POST", path: "/Groups", bulkId: "g1", data: group(`C1 ${t}`, ["bulkId:g2"]) },
        { method: "POST", path: "/Groups", bulkId: "g2", data: group(`C2 ${t}`, ["bulkId:g3"]) },
        { method: "POST", path: "/Groups", bulkId: "g3", data: group(`C3 ${t}`, ["bulkId:g1"]) },
        { method: "POST", path: "/Groups", bulkId: "self", data: group(`S ${t}`, ["bulkId:self"]) },
        // Waits on the cycle: caught in it too.
        {
          method: "PATCH",
          path: "/Groups/bulkId:g1",
          data: patchOp({ op: "replace", path: "displayName", value: "x" }),
        },
        // A bulkId nobody defines.
        { method: "POST", path: "/Groups", bulkId: "lost", data: group(`L ${t}`, ["bulkId:nobody"]) },
        { method: "POST", path: "/Users", bulkId: "ok", data: user(`ok-${t}@bulk.test`) },
      ]),
    );
    const ops = res.body.Operations as { bulkId?: string; status: string; response?: { code: string } }[];
    expect(ops.map((o) => [o.bulkId, o.status, o.response?.code])).toEqual([
      ["lost", "409", "BULK_ID_UNRESOLVED"],
      ["ok", "201", undefined],
      ["g1", "409", "BULK_CIRCULAR_REFERENCE"],
      ["g2", "409", "BULK_CIRCULAR_REFERENCE"],
      ["g3", "409", "BULK_CIRCULAR_REFERENCE"],
      ["self", "409", "BULK_CIRCULAR_REFERENCE"],
      [undefined, "409", "BULK_CIRCULAR_REFERENCE"],
    ]);
    expect((await org.scim.get("/Groups")).body.totalResults).toBe(0);
  });

  it("refuses duplicate bulkIds, too many operations and too many bytes before running any", async () => {
    const org = await newOrganization(server);
    const t = tag();
    const dup = await org.scim.post(
      "/Bulk",
      bulk([
        { method: "POST", path: "/Users", bulkId: "x", data: user(`d1-${t}@bulk.test`) },
        { method: "POST", path: "/Users", bulkId: "x", data: user(`d2-${t}@bulk.test`) },
      ]),
    );
    expect(dup).toMatchObject({ status: 400, body: { scimType: "invalidSyntax", code: "INVALID_SYNTAX" } });
    const many = Array.from({ length: 101 }, (_, i) => ({ method: "DELETE", path: `/Users/n${i}` }));
    const tooMany = await org.scim.post("/Bulk", bulk(many));
    expect(tooMany.status).toBe(413);
    expect(tooMany.body).toMatchObject({
      schemas: ["urn:ietf:params:scim:api:messages:2.0:Error"],
      status: "413",
      code: "BULK_TOO_LARGE",
    });
    expect(tooMany.body.detail).toContain("maxOperations (100)");
    // 10,000 operations: refused whole, by size, in SCIM's Error shape; not one user written.
    const flood = Array.from({ length: 10_000 }, (_, i) => ({
      method: "POST",
      path: "/Users",
      bulkId: `f${i}`,
      data: { userName: `f${i}-${t}@bulk.test` },
    }));
    const huge = await org.scim.post("/Bulk", bulk(flood));
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ status: "413" });
    expect(await userCount(org.organizationId)).toBe(0);
    expect((await org.scim.post("/Bulk", { schemas: [BULK] })).status).toBe(400);
    expect((await org.scim.post("/Bulk", bulk([{ method: "GET", path: "/Users" }]))).body.Operations[0].status).toBe(
      "400",
    );
  });

  it("another organization's ids are 404 inside a bulk, and a token creates users only in its own organization", async () => {
    const a = await newOrganization(server);
    const b = await newOrganization(server);
    const t = tag();
    const victim = (await a.scim.post("/Users", user(`victim-${t}@bulk.test`))).body;
    const res = await b.scim.post(
      "/Bulk",
      bulk([
        {
          method: "PATCH",
          path: `/Users/${victim.id}`,
          data: patchOp({ op: "replace", path: "active", value: false }),
        },
        { method: "PUT", path: `/Users/${victim.id}`, data: user(victim.userName, { active: false }) },
        { method: "DELETE", path: `/Users/${victim.id}` },
        // Naming org A in the data changes nothing: the token's organization is the only scope.
        {
          method: "POST",
          path: "/Users",
          bulkId: "n",
          data: user(`new-${t}@bulk.test`, { organizationId: a.organizationId }),
        },
      ]),
    );
    expect(res.body.Operations.map((o: { status: string }) => o.status)).toEqual(["404", "404", "404", "201"]);
    expect((await a.scim.get(`/Users/${victim.id}`)).body.active).toBe(true);
    expect(await userCount(a.organizationId)).toBe(1);
    expect(await userCount(b.organizationId)).toBe(1);
    expect((await b.scim.post("/Bulk", bulk([{ method: "DELETE", path: "/Users/x" }]))).status).toBe(200);
    const stranger = scimClient(server.base, "scim_nope");
    expect((await stranger.post("/Bulk", bulk([{ method: "DELETE", path: `/Users/${victim.id}` }]))).status).toBe(401);
  });

  it("records each operation's own audit event with the user it names, as its single request would", async () => {
    const org = await newOrganization(server);
    const t = tag();
    const u = (await org.scim.post("/Users", user(`audit-${t}@bulk.test`))).body;
    const account = await server.auth.$context.users.findByEmail(`audit-${t}@bulk.test`);
    const off = patchOp({ op: "replace", path: "active", value: false });
    const res = await org.scim.post(
      "/Bulk",
      bulk([
        { method: "PATCH", path: `/Users/${u.id}`, data: off },
        { method: "PATCH", path: `/Users/${u.id}`, data: patchOp({ op: "replace", path: "active", value: true }) },
        // Active again since the previous operation: a deactivation, which one look before the request would miss.
        { method: "PATCH", path: `/Users/${u.id}`, data: off },
        { method: "POST", path: "/Users", bulkId: "n", data: user(`audit2-${t}@bulk.test`) },
        { method: "POST", path: "/Groups", bulkId: "g", data: group(`Audit ${t}`, ["bulkId:n"]) },
        { method: "DELETE", path: "/Users/bulkId:n" },
        { method: "DELETE", path: "/Users/nope" },
      ]),
    );
    expect(res.body.Operations.map((o: { status: string }) => o.status)).toEqual([
      "200",
      "200",
      "200",
      "201",
      "201",
      "204",
      "404",
    ]);
    await server.auth.settled();
    const rows = await server.auth.$context.db.findMany<{ type: string; userId: string | null; details: string }>({
      model: "auditEvent",
      where: [{ field: "organizationId", value: org.organizationId }],
      sortBy: { field: "createdAt", direction: "asc" },
    });
    const events = rows.filter((r) => r.type.startsWith("scim.")).slice(2); // after token and the first create
    const created = await server.auth.$context.db.findMany<{ userId: string }>({
      model: "auditEvent",
      where: [
        { field: "type", value: "scim.user_created" },
        { field: "organizationId", value: org.organizationId },
      ],
    });
    const newUserId = created[1]?.userId;
    expect(newUserId).toEqual(expect.any(String));
    expect(events.map((e) => [e.type, e.userId])).toEqual([
      ["scim.user_deactivated", account?.id],
      ["scim.user_updated", account?.id],
      ["scim.user_deactivated", account?.id],
      ["scim.user_created", newUserId],
      ["scim.group_created", null],
      ["scim.user_deleted", newUserId],
    ]);
    expect(JSON.parse(events[0]?.details ?? "{}")).toMatchObject({ scimUserId: u.id, active: false });
    expect(JSON.stringify(rows)).not.toContain(org.token);
  });

  it("the route's rate limit counts operations: 1,200 / maxBulkOperations requests a minute per address", async () => {
    const limited = await startScimServer({ maxBulkOperations: 600 }, { rateLimit: { enabled: true } });
    try {
      const org = await newOrganization(limited);
      const one = bulk([{ method: "DELETE", path: "/Users/none" }]);
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await org.scim.post("/Bulk", one)).status);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
