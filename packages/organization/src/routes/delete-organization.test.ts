import { describe, expect, it } from "vitest";
import { orgWithRoles } from "../test-helpers.js";

describe("delete-organization", () => {
  it("removes teams and team members and clears the active organization and team on everyone's sessions", async () => {
    const { auth, org, owner, member } = await orgWithRoles();
    const team = (await owner.client.post("/organization/create-team", { name: "Crew" })).body;
    await owner.client.post("/organization/add-team-member", { teamId: team.id, userId: member.userId });
    await member.client.post("/organization/set-active-team", { teamId: team.id });
    expect((await member.client.get("/get-session")).body.session).toMatchObject({
      activeOrganizationId: org.id,
      activeTeamId: team.id,
    });
    expect((await owner.client.post("/organization/delete", { organizationId: org.id })).status).toBe(200);
    const db = auth.$context.db;
    expect(await db.count({ model: "team", where: [{ field: "organizationId", value: org.id }] })).toBe(0);
    expect(await db.count({ model: "teamMember", where: [{ field: "teamId", value: team.id }] })).toBe(0);
    expect((await member.client.get("/get-session")).body.session).toMatchObject({
      activeOrganizationId: null,
      activeTeamId: null,
    });
    expect((await member.client.get("/organization/list-user-teams")).body).toEqual([]);
  });
});
