import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newOrganization, patchOp, startScimServer } from "./test-helpers.js";

let server: Awaited<ReturnType<typeof startScimServer>>;
beforeAll(async () => {
  server = await startScimServer();
});
afterAll(() => server.close());

const group = (displayName: string, members: string[] = []) => ({
  schemas: ["urn:ietf:params:scim:schemas:core:2.0:Group"],
  displayName,
  members: members.map((value) => ({ value })),
});
const userBody = (userName: string) => ({
  schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
  userName,
  emails: [{ value: userName, primary: true }],
});

describe("SCIM Groups (organization teams)", () => {
  it("a group is a team of the organization; its members are the team's", async () => {
    const org = await newOrganization(server);
    const u = await org.scim.post("/Users", userBody(`g1-${Date.now()}@acme.test`));
    const g = await org.scim.post("/Groups", group("Engineering", [u.body.id]));
    expect(g.status).toBe(201);
    expect(g.body.members).toEqual([expect.objectContaining({ value: u.body.id, display: u.body.userName })]);
    const db = server.auth.$context.db;
    const team = await db.findOne<{ id: string; organizationId: string; name: string }>({
      model: "team",
      where: [
        { field: "name", value: "Engineering" },
        { field: "organizationId", value: org.organizationId },
      ],
    });
    expect(team).not.toBeNull();
    const account = await server.auth.$context.users.findByEmail(u.body.userName);
    expect(
      await db.findOne({
        model: "teamMember",
        where: [
          { field: "teamId", value: team?.id },
          { field: "userId", value: account?.id },
        ],
      }),
    ).not.toBeNull();
  });

  it("another organization's users cannot be made members, and its groups are invisible", async () => {
    const a = await newOrganization(server);
    const b = await newOrganization(server);
    const foreign = await a.scim.post("/Users", userBody(`g2-${Date.now()}@acme.test`));
    const refused = await b.scim.post("/Groups", group("Sales", [foreign.body.id]));
    expect(refused.status).toBe(400);
    expect(refused.body.scimType).toBe("invalidValue");
    const g = await b.scim.post("/Groups", group("Sales"));
    const patched = await b.scim.patch(
      `/Groups/${g.body.id}`,
      patchOp({ op: "add", path: "members", value: [{ value: foreign.body.id }] }),
    );
    expect(patched.status).toBe(400);
    expect((await a.scim.get(`/Groups/${g.body.id}`)).status).toBe(404);
    expect(
      (await a.scim.patch(`/Groups/${g.body.id}`, patchOp({ op: "replace", path: "displayName", value: "x" }))).status,
    ).toBe(404);
    expect((await a.scim.delete(`/Groups/${g.body.id}`)).status).toBe(404);
    expect((await a.scim.get("/Groups")).body.totalResults).toBe(0);
  });

  it("refuses bad member paths and an oversized member list", async () => {
    const org = await newOrganization(server);
    const g = await org.scim.post("/Groups", group("Ops"));
    const bad = await org.scim.patch(
      `/Groups/${g.body.id}`,
      patchOp({ op: "remove", path: 'members[display eq "x"]' }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.scimType).toBe("invalidPath");
    const many = Array.from({ length: 1001 }, (_, i) => ({ value: `id-${i}` }));
    const big = await org.scim.patch(`/Groups/${g.body.id}`, patchOp({ op: "add", path: "members", value: many }));
    expect(big.status).toBe(400);
    expect(big.body.scimType).toBe("tooMany");
  });
});

describe("without teams", () => {
  it("Groups answer 501 and ResourceTypes lists only User", async () => {
    const plain = await startScimServer({}, {}, false);
    try {
      const org = await newOrganization(plain);
      const r = await org.scim.get("/Groups");
      expect(r.status).toBe(501);
      expect(r.body.schemas).toEqual(["urn:ietf:params:scim:api:messages:2.0:Error"]);
      const types = await org.scim.get("/ResourceTypes");
      expect(types.body.Resources.map((t: { id: string }) => t.id)).toEqual(["User"]);
    } finally {
      await plain.close();
    }
  });
});
