import { describe, expect, it } from "vitest";
import { addMemberOnServer, createOrg, joinOrg, makeOrgAuth, newUser, orgWithRoles } from "./test-helpers.js";

describe("members", () => {
  it("list-members returns every member with a total", async () => {
    const { org, owner, admin, member } = await orgWithRoles();
    const r = await owner.client.get("/organization/list-members", { query: { organizationId: org.id } });
    expect(r.body.total).toBe(3);
    expect(Object.fromEntries(r.body.members.map((m: { userId: string; role: string }) => [m.userId, m.role]))).toEqual(
      {
        [owner.userId]: "owner",
        [admin.userId]: "admin",
        [member.userId]: "member",
      },
    );
  });

  it("leave clears the active organization; the only owner can neither leave nor be removed", async () => {
    const { org, owner, admin, member } = await orgWithRoles();
    expect((await member.client.post("/organization/leave", { organizationId: org.id })).status).toBe(200);
    expect((await member.client.get("/get-session")).body.session.activeOrganizationId).toBeNull();
    const leave = await owner.client.post("/organization/leave", { organizationId: org.id });
    expect(leave.body).toEqual({
      code: "CANNOT_LEAVE_AS_ONLY_OWNER",
      message: "You cannot leave the organization as the only owner",
    });
    const rm = await admin.client.post("/organization/remove-member", {
      memberIdOrEmail: owner.email,
      organizationId: org.id,
    });
    expect(rm.status).toBe(400);
    const outsider = await newUser((await orgWithRoles()).auth);
    expect((await outsider.client.post("/organization/leave", { organizationId: org.id })).body.message).toBe(
      "Member not found",
    );
  });

  it("remove-member by id or email clears the removed user's active organization", async () => {
    const { auth, org, owner, admin, member } = await orgWithRoles();
    const other = await joinOrg(auth, owner, org.id, "member");
    const byId = await owner.client.post("/organization/remove-member", {
      memberIdOrEmail: member.member.id,
      organizationId: org.id,
    });
    expect(byId.body.member.userId).toBe(member.userId);
    expect((await member.client.get("/get-session")).body.session.activeOrganizationId).toBeNull();
    const byEmail = await admin.client.post("/organization/remove-member", { memberIdOrEmail: other.email });
    expect(byEmail.body.member.userId).toBe(other.userId);
    const missing = await owner.client.post("/organization/remove-member", {
      memberIdOrEmail: "nope",
      organizationId: org.id,
    });
    expect(missing.body.message).toBe("Member not found");
  });

  it("update-member-role stores several roles; refuses unknown roles; protects the last owner", async () => {
    const { org, owner, admin, member } = await orgWithRoles();
    const set = (who: typeof owner, memberId: string, role: string | string[]) =>
      who.client.post("/organization/update-member-role", { memberId, role, organizationId: org.id });
    expect((await set(owner, member.member.id, ["member", "admin"])).body.role).toBe("member,admin");
    expect((await set(owner, member.member.id, "superuser")).body.code).toBe("ROLE_NOT_FOUND");
    expect((await set(owner, "nope", "admin")).body.message).toBe("Member not found");
    expect((await set(admin, owner.member.id, "member")).status).toBe(403);
    expect((await set(admin, member.member.id, "owner")).status).toBe(403);
    expect((await set(owner, owner.member.id, "admin")).body.code).toBe("CANNOT_REMOVE_LAST_OWNER");
    expect((await set(owner, admin.member.id, "owner")).status).toBe(200);
    expect((await set(owner, owner.member.id, "member")).status).toBe(200);
  });

  it("addMember (server only) respects the membership limit and is not routed over HTTP", async () => {
    const { auth } = makeOrgAuth({ membershipLimit: 2 });
    const owner = await newUser(auth, "owner");
    const org = await createOrg(owner);
    const a = await newUser(auth);
    const b = await newUser(auth);
    expect(await addMemberOnServer(auth, { userId: a.userId, role: "member", organizationId: org.id })).toMatchObject({
      userId: a.userId,
    });
    await expect(
      addMemberOnServer(auth, { userId: b.userId, role: "member", organizationId: org.id }),
    ).rejects.toMatchObject({
      code: "MEMBERSHIP_LIMIT_REACHED",
    });
    expect(
      (
        await owner.client.post("/organization/add-member", {
          userId: b.userId,
          role: "member",
          organizationId: org.id,
        })
      ).status,
    ).toBe(404);
  });
});
