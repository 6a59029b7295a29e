// Team membership through accept-invitation and the server-only addMember (both go through addMembership).
import { describe, expect, it } from "vitest";
import { addMemberOnServer, createOrg, makeOrgAuth, newUser } from "./test-helpers.js";

describe("addMembership with a team", () => {
  it("accepting into a full team is refused and the invitation stays pending", async () => {
    const { auth } = makeOrgAuth({ teams: { enabled: true, maximumMembersPerTeam: 1 } });
    const owner = await newUser(auth, "owner");
    await createOrg(owner);
    const team = (await owner.client.post("/organization/create-team", { name: "Small" })).body;
    const [a, b] = [await newUser(auth), await newUser(auth)];
    const invite = async (email: string) =>
      (await owner.client.post("/organization/invite-member", { email, role: "member", teamId: team.id })).body.id;
    const [ia, ib] = [await invite(a.email), await invite(b.email)];
    const first = await a.client.post("/organization/accept-invitation", { invitationId: ia });
    expect(first.body.member.teamId).toBe(team.id);
    const second = await b.client.post("/organization/accept-invitation", { invitationId: ib });
    expect(second.status).toBe(400);
    expect(second.body).toEqual({ code: "TEAM_MEMBER_LIMIT_REACHED", message: "Team member limit reached" });
    expect((await b.client.get("/organization/get-invitation", { query: { id: ib } })).body.status).toBe("pending");
    expect((await b.client.get("/organization/list")).body).toEqual([]);
  });

  it("addMember: the team must exist in that organization, the team limit holds, the user must exist", async () => {
    const { auth } = makeOrgAuth({ teams: { enabled: true, maximumMembersPerTeam: 1 } });
    const owner = await newUser(auth, "owner");
    const org = await createOrg(owner);
    const other = await createOrg(owner);
    const team = (await owner.client.post("/organization/create-team", { name: "T", organizationId: org.id })).body;
    const foreign = (await owner.client.post("/organization/create-team", { name: "F", organizationId: other.id }))
      .body;
    const [a, b] = [await newUser(auth), await newUser(auth)];
    const add = (userId: string, teamId?: string) =>
      addMemberOnServer(auth, { userId, role: "member", organizationId: org.id, teamId });
    await expect(add(a.userId, foreign.id)).rejects.toMatchObject({ code: "TEAM_NOT_FOUND" });
    await expect(add(a.userId, "no-such-team")).rejects.toMatchObject({ code: "TEAM_NOT_FOUND" });
    await expect(add("no-such-user")).rejects.toMatchObject({ code: "USER_NOT_FOUND", status: 404 });
    expect(await add(a.userId, team.id)).toMatchObject({ userId: a.userId, teamId: team.id });
    const listed = await a.client.get("/organization/list-team-members", { query: { teamId: team.id } });
    expect(listed.body.map((m: { userId: string }) => m.userId)).toEqual([a.userId]);
    await expect(add(b.userId, team.id)).rejects.toMatchObject({ code: "TEAM_MEMBER_LIMIT_REACHED" });
    await expect(add(a.userId)).rejects.toMatchObject({ code: "USER_ALREADY_MEMBER" });
    expect(await auth.$context.db.count({ model: "member", where: [{ field: "userId", value: b.userId }] })).toBe(0);
  });
});
