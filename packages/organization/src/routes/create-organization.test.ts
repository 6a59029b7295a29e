import { describe, expect, it } from "vitest";
import { memoryAdapter } from "@gatehouse-auth/core";
import type { AdapterFactory } from "@gatehouse-auth/core";
import { createOrg, makeOrgAuth, newUser } from "../test-helpers.js";

describe("organization names and slugs", () => {
  it("are trimmed; only spaces is a validation error on create, update and teams", async () => {
    const { auth } = makeOrgAuth();
    const u = await newUser(auth);
    const created = await u.client.post("/organization/create", { name: "  Acme ", slug: " acme-trim " });
    expect(created.body).toMatchObject({ name: "Acme", slug: "acme-trim" });
    for (const body of [
      { name: "   ", slug: "ok-slug" },
      { name: "Ok", slug: "   " },
    ]) {
      const r = await u.client.post("/organization/create", body);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("VALIDATION_ERROR");
    }
    const org = await createOrg(u);
    const upd = await u.client.post("/organization/update", { organizationId: org.id, data: { name: "  " } });
    expect(upd.body.code).toBe("VALIDATION_ERROR");
    const team = await u.client.post("/organization/create-team", { name: "  " });
    expect(team.body.code).toBe("VALIDATION_ERROR");
  });
});

describe("teams.defaultTeam", () => {
  type Row = Record<string, unknown>;
  const rows = (auth: ReturnType<typeof makeOrgAuth>["auth"], model: string) =>
    auth.$context.adapter.findMany<Row>({ model });

  it("on by default with teams: a team named after the organization, the creator in it", async () => {
    const { auth } = makeOrgAuth();
    const u = await newUser(auth);
    const org = await createOrg(u);
    const teams = (await u.client.get("/organization/list-teams", { query: { organizationId: org.id } })).body;
    expect(teams).toEqual([expect.objectContaining({ name: org.name, organizationId: org.id })]);
    const inTeam = (await u.client.get("/organization/list-team-members", { query: { teamId: teams[0].id } })).body;
    expect(inTeam).toEqual([expect.objectContaining({ teamId: teams[0].id, userId: u.userId })]);
    expect((await u.client.get("/organization/list-user-teams")).body.map((t: Row) => t.id)).toEqual([teams[0].id]);
  });

  it("{ enabled: false } starts with no team; with teams off there is no team at all", async () => {
    const off = makeOrgAuth({ teams: { enabled: true, defaultTeam: { enabled: false } } }).auth;
    const u = await newUser(off);
    const org = await createOrg(u);
    expect((await u.client.get("/organization/list-teams", { query: { organizationId: org.id } })).body).toEqual([]);
    const noTeams = makeOrgAuth({ teams: { enabled: false } }).auth;
    const v = await newUser(noTeams);
    expect((await v.client.post("/organization/create", { name: "Plain", slug: "plain" })).status).toBe(200);
    expect(noTeams.$context.schema).not.toHaveProperty("team");
  });

  it("is made in the organization's transaction: when the team write fails, no organization is left", async () => {
    let failTeamMember = false;
    const database: AdapterFactory = (ctx) => {
      const inner = memoryAdapter()(ctx);
      return {
        ...inner,
        transaction: (fn) =>
          inner.transaction((tx) =>
            fn({
              ...tx,
              create: (args) =>
                failTeamMember && args.model === "teamMember"
                  ? Promise.reject(new Error("simulated write failure"))
                  : tx.create(args),
            }),
          ),
      };
    };
    const { auth } = makeOrgAuth({}, { database });
    const u = await newUser(auth);
    failTeamMember = true;
    const r = await u.client.post("/organization/create", { name: "Doomed", slug: "doomed" });
    expect(r.status).toBe(500);
    for (const model of ["organization", "member", "team", "teamMember"]) expect(await rows(auth, model)).toEqual([]);
    failTeamMember = false;
    expect((await u.client.post("/organization/create", { name: "Doomed", slug: "doomed" })).status).toBe(200);
  });

  it("a refused create (organization limit) leaves no team behind", async () => {
    const { auth } = makeOrgAuth({ organizationLimit: 1 });
    const u = await newUser(auth);
    await createOrg(u);
    const r = await u.client.post("/organization/create", { name: "Second", slug: "second-one" });
    expect(r.body.code).toBe("ORGANIZATION_LIMIT_REACHED");
    expect(await rows(auth, "team")).toHaveLength(1);
    expect(await rows(auth, "teamMember")).toHaveLength(1);
  });

  it("limits with no room for the default team fail at startup, not on every create", () => {
    expect(() => makeOrgAuth({ teams: { enabled: true, maximumTeams: 0 } })).toThrow(/teams\.defaultTeam/);
    expect(() => makeOrgAuth({ teams: { enabled: true, maximumMembersPerTeam: 0 } })).toThrow(/teams\.defaultTeam/);
    expect(() =>
      makeOrgAuth({ teams: { enabled: true, maximumTeams: 0, defaultTeam: { enabled: false } } }),
    ).not.toThrow();
  });
});
