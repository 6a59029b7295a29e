import { describe, expect, it } from "vitest";
import { joinOrg, orgWithRoles } from "../test-helpers.js";

describe("remove-member owner rules", () => {
  it("an admin cannot remove an owner who is not the only one (403); an owner can", async () => {
    const { auth, org, owner, admin } = await orgWithRoles();
    const second = await joinOrg(auth, owner, org.id, "owner");
    const byAdmin = await admin.client.post("/organization/remove-member", {
      memberIdOrEmail: second.member.id,
      organizationId: org.id,
    });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.code).toBe("NOT_ALLOWED_TO_DELETE_MEMBER");
    const byOwner = await owner.client.post("/organization/remove-member", {
      memberIdOrEmail: second.member.id,
      organizationId: org.id,
    });
    expect(byOwner.status).toBe(200);
  });

  it("the sole owner cannot be removed, by anyone: CANNOT_REMOVE_LAST_OWNER", async () => {
    const { org, owner, admin } = await orgWithRoles();
    for (const who of [owner, admin]) {
      const r = await who.client.post("/organization/remove-member", {
        memberIdOrEmail: owner.member.id,
        organizationId: org.id,
      });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({
        code: "CANNOT_REMOVE_LAST_OWNER",
        message: "You cannot remove or demote the only owner of the organization",
      });
    }
  });
});

describe("remove-member and leave answers", () => {
  it("carry the removed member's user (id, name, email, image), and only those user fields", async () => {
    const { org, owner, admin, member } = await orgWithRoles();
    const removed = await owner.client.post("/organization/remove-member", {
      memberIdOrEmail: member.email,
      organizationId: org.id,
    });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.member).toMatchObject({ id: member.member.id, userId: member.userId, role: "member" });
    expect(removed.body.member.user).toEqual({ id: member.userId, name: "Test", email: member.email, image: null });

    const left = await admin.client.post("/organization/leave", { organizationId: org.id });
    expect(left.status, left.text).toBe(200);
    expect(left.body).toMatchObject({ id: admin.member.id, userId: admin.userId, role: "admin" });
    expect(Object.keys(left.body.user)).toEqual(["id", "name", "email", "image"]);
    expect(left.body.user).toMatchObject({ id: admin.userId, email: admin.email });
  });
});
