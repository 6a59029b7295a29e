import { describe, expect, it } from "vitest";
import { createOrg, makeOrgAuth, newUser, orgWithRoles } from "./test-helpers.js";

describe("teams", () => {
  it("team create, update, delete: owner and admin yes, member no (SPEC.md §6)", async () => {
    const { org, owner, admin, member } = await orgWithRoles({
      teams: { enabled: true, defaultTeam: { enabled: false } },
    });
    const create = (who: typeof owner, name: string) =>
      who.client.post("/organization/create-team", { name, organizationId: org.id });
    const denied = await create(member, "Mine");
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe("You are not allowed to create teams in this organization");
    const t1 = (await create(owner, "One")).body;
    const t2 = (await create(admin, "Two")).body;
    expect(t2).toMatchObject({ name: "Two", organizationId: org.id });
    const upd = await member.client.post("/organization/update-team", { teamId: t1.id, data: { name: "X" } });
    expect(upd.body).toEqual({
      code: "NOT_ALLOWED_TO_UPDATE_TEAM",
      message: "You are not allowed to update this team",
    });
    expect(
      (await admin.client.post("/organization/update-team", { teamId: t1.id, data: { name: "Uno" } })).body.name,
    ).toBe("Uno");
    expect(
      (await owner.client.post("/organization/update-team", { teamId: t1.id, data: { name: "Eins" } })).body.name,
    ).toBe("Eins");
    const rm = await member.client.post("/organization/remove-team", { teamId: t1.id });
    expect(rm.body).toEqual({ code: "NOT_ALLOWED_TO_DELETE_TEAM", message: "You are not allowed to delete this team" });
    const t3 = (await create(owner, "Three")).body;
    expect((await admin.client.post("/organization/remove-team", { teamId: t1.id })).status).toBe(200);
    expect((await owner.client.post("/organization/remove-team", { teamId: t3.id })).status).toBe(200);
    const last = await owner.client.post("/organization/remove-team", { teamId: t2.id });
    expect(last.body).toEqual({ code: "UNABLE_TO_REMOVE_LAST_TEAM", message: "Unable to remove last team" });
    expect(
      (await member.client.get("/organization/list-teams", { query: { organizationId: org.id } })).body,
    ).toHaveLength(1);
    expect((await owner.client.post("/organization/remove-team", { teamId: "nope" })).body.message).toBe(
      "Team not found",
    );
  });

  it("caps the number of teams, the default team included", async () => {
    const { auth } = makeOrgAuth({ teams: { enabled: true, maximumTeams: 3 } });
    const owner = await newUser(auth);
    await createOrg(owner);
    for (const name of ["a", "b"])
      expect((await owner.client.post("/organization/create-team", { name })).status).toBe(200);
    expect((await owner.client.post("/organization/create-team", { name: "c" })).body.code).toBe("TEAM_LIMIT_REACHED");
  });

  it("team members: add, list, set active, remove; outsiders refused; member limit", async () => {
    const { auth, org, owner, admin, member } = await orgWithRoles({
      teams: { enabled: true, maximumMembersPerTeam: 1 },
    });
    const team = (await admin.client.post("/organization/create-team", { name: "Crew" })).body;
    const add = (who: typeof owner, userId: string) =>
      who.client.post("/organization/add-team-member", { teamId: team.id, userId });
    expect((await add(member, member.userId)).status).toBe(403);
    const outsider = await newUser(auth);
    expect((await add(admin, outsider.userId)).body.code).toBe("USER_NOT_MEMBER_OF_ORGANIZATION");
    expect((await add(admin, member.userId)).body).toMatchObject({ teamId: team.id, userId: member.userId });
    expect((await add(admin, owner.userId)).body.code).toBe("TEAM_MEMBER_LIMIT_REACHED");
    const listed = await member.client.get("/organization/list-team-members", { query: { teamId: team.id } });
    expect(listed.body.map((m: { userId: string }) => m.userId)).toEqual([member.userId]);
    expect((await member.client.get("/organization/list-user-teams")).body.map((t: { id: string }) => t.id)).toEqual([
      team.id,
    ]);
    expect((await member.client.post("/organization/set-active-team", { teamId: team.id })).body.id).toBe(team.id);
    expect((await member.client.get("/get-session")).body.session).toMatchObject({
      activeTeamId: team.id,
      activeOrganizationId: org.id,
    });
    const rm = () => admin.client.post("/organization/remove-team-member", { teamId: team.id, userId: member.userId });
    expect((await rm()).status).toBe(200);
    expect((await member.client.get("/get-session")).body.session.activeTeamId).toBeNull();
    expect((await rm()).body.message).toBe("User is not a member of the team");
    expect((await member.client.get("/organization/list-user-teams")).body).toEqual([]);
  });
});
