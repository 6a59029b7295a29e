import { describe, expect, it } from "vitest";
import { defaultRoles, organizationAccessControl } from "./access-control.js";
import { createOrg, joinOrg, makeOrgAuth, newUser } from "./test-helpers.js";

describe("options", () => {
  it("custom roles: a role of your own grants exactly what it lists", async () => {
    const billing = organizationAccessControl.newRole({ organization: ["update"] });
    const { auth } = makeOrgAuth({ roles: { ...defaultRoles, billing } });
    const owner = await newUser(auth, "owner");
    const org = await createOrg(owner);
    const b = await joinOrg(auth, owner, org.id, "billing");
    expect(b.member.role).toBe("billing");
    const upd = await b.client.post("/organization/update", { organizationId: org.id, data: { name: "Paid" } });
    expect(upd.body.name).toBe("Paid");
    const inv = await b.client.post("/organization/invite-member", { email: "x@example.com", role: "member" });
    expect(inv.status).toBe(403);
    const ask = await b.client.post("/organization/has-permission", { permissions: { organization: ["update"] } });
    expect(ask.body.success).toBe(true);
    const unknown = await owner.client.post("/organization/invite-member", { email: "y@example.com", role: "auditor" });
    expect(unknown.body.code).toBe("ROLE_NOT_FOUND");
  });

  it("creatorRole: the creator gets it, and it is the role the owner rules protect", async () => {
    const founder = organizationAccessControl.newRole({
      organization: ["update", "delete"],
      member: ["create", "update", "delete"],
      invitation: ["create", "cancel"],
    });
    const { auth } = makeOrgAuth({ creatorRole: "founder", roles: { ...defaultRoles, founder } });
    const u = await newUser(auth);
    const org = await createOrg(u);
    expect(org.members[0].role).toBe("founder");
    expect((await u.client.post("/organization/leave", { organizationId: org.id })).body.code).toBe(
      "CANNOT_LEAVE_AS_ONLY_OWNER",
    );
    expect(() => makeOrgAuth({ creatorRole: "ghost" })).toThrow(/creatorRole "ghost" is not a role/);
  });
});
