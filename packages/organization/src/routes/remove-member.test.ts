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
