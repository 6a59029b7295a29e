import { describe, expect, it } from "vitest";
import { makeOrgAuth, newUser, createOrg, orgWithRoles } from "../test-helpers.js";

describe("remove-team", () => {
  it("SPEC.md §6: a member of the team cannot remove it, even with team: delete", async () => {
    const { org, owner, admin } = await orgWithRoles();
    const team = (await owner.client.post("/organization/create-team", { name: "Mine", organizationId: org.id })).body;
    await owner.client.post("/organization/create-team", { name: "Spare", organizationId: org.id });
    await owner.client.post("/organization/add-team-member", { teamId: team.id, userId: admin.userId });
    const own = await admin.client.post("/organization/remove-team", { teamId: team.id });
    expect(own.status).toBe(403);
    expect(own.body).toEqual({
      code: "CANNOT_REMOVE_OWN_TEAM",
      message: "You cannot remove a team you are a member of",
    });
    expect((await owner.client.get("/organization/list-teams")).body.map((t: { id: string }) => t.id)).toContain(
      team.id,
    );
    // Anyone with team: delete outside the team may.
    expect((await owner.client.post("/organization/remove-team", { teamId: team.id })).status).toBe(200);
  });

  it("allowRemovingAllTeams: true lets the last team go", async () => {
    const { auth } = makeOrgAuth({ teams: { enabled: true, allowRemovingAllTeams: true } });
    const owner = await newUser(auth);
    const org = await createOrg(owner);
    // The default team is the only one; its creator is in it, and a member of a team cannot remove it.
    const [team] = (await owner.client.get("/organization/list-teams", { query: { organizationId: org.id } })).body;
    expect(team.name).toBe(org.name);
    expect((await owner.client.post("/organization/remove-team", { teamId: team.id })).body.code).toBe(
      "CANNOT_REMOVE_OWN_TEAM",
    );
    const out = await owner.client.post("/organization/remove-team-member", { teamId: team.id, userId: owner.userId });
    expect(out.status, out.text).toBe(200);
    expect((await owner.client.post("/organization/remove-team", { teamId: team.id })).status).toBe(200);
    expect((await owner.client.get("/organization/list-teams", { query: { organizationId: org.id } })).body).toEqual(
      [],
    );
  });

  it("a pending invitation to a removed team stays valid for the organization, without the team", async () => {
    const { auth, org, owner } = await orgWithRoles();
    const team = (await owner.client.post("/organization/create-team", { name: "Gone" })).body;
    await owner.client.post("/organization/create-team", { name: "Stays" });
    const invitee = await newUser(auth);
    const inv = (
      await owner.client.post("/organization/invite-member", { email: invitee.email, role: "member", teamId: team.id })
    ).body;
    expect(inv.teamId).toBe(team.id);
    expect((await owner.client.post("/organization/remove-team", { teamId: team.id })).status).toBe(200);
    const listed = (await owner.client.get("/organization/list-invitations", { query: { organizationId: org.id } }))
      .body;
    expect(listed.find((i: { id: string }) => i.id === inv.id).teamId).toBeNull();
    const r = await invitee.client.post("/organization/accept-invitation", { invitationId: inv.id });
    expect(r.status).toBe(200);
    expect(r.body.member).toMatchObject({ organizationId: org.id, teamId: null });
    expect(await auth.$context.db.count({ model: "teamMember", where: [{ field: "teamId", value: team.id }] })).toBe(0);
  });
});
