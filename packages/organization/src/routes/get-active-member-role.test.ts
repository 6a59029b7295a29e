import { describe, expect, it } from "vitest";
import { createTestClient } from "@gatehouse-auth/core/testing";
import { createOrg, newUser, orgWithRoles } from "../test-helpers.js";

const ROLE = "/organization/get-active-member-role";

describe("get-active-member-role", () => {
  it("answers { role } of the caller in the active organization, or of another member, or in a named one", async () => {
    const { auth, org, owner, admin, member } = await orgWithRoles();
    expect((await owner.client.get(ROLE)).body).toEqual({ role: "owner" });
    // Named explicitly: accepting an invitation need not make the organization active.
    const own = await member.client.get(ROLE, { query: { organizationId: org.id } });
    expect(own.status, own.text).toBe(200);
    expect(own.body).toEqual({ role: "member" });
    const other = await member.client.get(ROLE, { query: { organizationId: org.id, userId: admin.userId } });
    expect(other.body).toEqual({ role: "admin" });
    // Several roles come back as stored.
    await owner.client.post("/organization/update-member-role", {
      memberId: admin.member.id,
      role: ["admin", "member"],
      organizationId: org.id,
    });
    expect((await admin.client.get(ROLE, { query: { organizationId: org.id } })).body).toEqual({
      role: "admin,member",
    });
    // The owner's second organization becomes active; the first is still reachable by id.
    const second = await createOrg(owner);
    expect(second.id).not.toBe(org.id);
    expect((await owner.client.get(ROLE, { query: { organizationId: org.id, userId: member.userId } })).body).toEqual({
      role: "member",
    });
    expect((await createTestClient(auth).get(ROLE, { query: { organizationId: org.id } })).status).toBe(401);
  });

  it("a stranger learns nothing: 403 for an organization they are not in, existing or not, whoever they ask about", async () => {
    const { auth, org, owner } = await orgWithRoles();
    const stranger = await newUser(auth, "stranger");
    await createOrg(stranger);
    const queries: Record<string, string>[] = [
      { organizationId: org.id },
      { organizationId: org.id, userId: owner.userId },
      { organizationId: "no-such-organization" },
      { organizationId: "no-such-organization", userId: owner.userId },
    ];
    for (const query of queries) {
      const r = await stranger.client.get(ROLE, { query });
      expect(r.status, JSON.stringify(query)).toBe(403);
      expect(r.body).toEqual({
        code: "YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION",
        message: "You are not a member of this organization",
      });
    }
    // Their own active organization does not let them name someone from another one.
    const cross = await stranger.client.get(ROLE, { query: { userId: owner.userId } });
    expect(cross.status).toBe(400);
    expect(cross.body.code).toBe("MEMBER_NOT_FOUND");
  });

  it("no active organization is NO_ACTIVE_ORGANIZATION; a member who left is refused", async () => {
    const { auth, org, member } = await orgWithRoles();
    const loner = await newUser(auth, "loner");
    const none = await loner.client.get(ROLE);
    expect(none.status).toBe(400);
    expect(none.body.code).toBe("NO_ACTIVE_ORGANIZATION");
    expect((await member.client.post("/organization/leave", { organizationId: org.id })).status).toBe(200);
    const gone = await member.client.get(ROLE, { query: { organizationId: org.id } });
    expect(gone.status).toBe(403);
    const empty = await member.client.get(ROLE, { query: { organizationId: "" } });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe("VALIDATION_ERROR");
  });
});
