// When an invitation stops being answerable: expiry, the inviter leaving, parties that are gone; and who may look.
import { describe, expect, it } from "vitest";
import { createOrg, makeOrgAuth, manualClock, newUser, orgWithRoles } from "./test-helpers.js";

describe("invitation validity", () => {
  it("an expired invitation is refused on get, accept and reject (injected clock)", async () => {
    const clock = manualClock();
    const { auth } = makeOrgAuth({ invitationExpiresIn: 3600 }, { advanced: { now: () => clock.t } });
    const owner = await newUser(auth, "owner");
    await createOrg(owner);
    const invitee = await newUser(auth);
    const inv = (await owner.client.post("/organization/invite-member", { email: invitee.email, role: "member" })).body;
    clock.advance(3599);
    expect((await invitee.client.get("/organization/get-invitation", { query: { id: inv.id } })).status).toBe(200);
    clock.advance(2);
    for (const path of ["accept-invitation", "reject-invitation"]) {
      const r = await invitee.client.post(`/organization/${path}`, { invitationId: inv.id });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ code: "INVITATION_NOT_FOUND", message: "Invitation not found" });
    }
    expect((await invitee.client.get("/organization/list")).body).toEqual([]);
    expect((await invitee.client.get("/organization/list-user-invitations")).body).toEqual([]);
  });

  it("only the recipient may reject", async () => {
    const { auth, owner, member } = await orgWithRoles();
    const invitee = await newUser(auth);
    const inv = (await owner.client.post("/organization/invite-member", { email: invitee.email, role: "member" })).body;
    const r = await member.client.post("/organization/reject-invitation", { invitationId: inv.id });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe("NOT_INVITATION_RECIPIENT");
    expect((await invitee.client.get("/organization/get-invitation", { query: { id: inv.id } })).body.status).toBe(
      "pending",
    );
  });

  it("SPEC.md §8: once the inviter is no longer a member, the invitation cannot be viewed or accepted", async () => {
    const { auth, org, admin } = await orgWithRoles();
    const invitee = await newUser(auth);
    const inv = (
      await admin.client.post("/organization/invite-member", {
        email: invitee.email,
        role: "member",
        organizationId: org.id,
      })
    ).body;
    expect((await admin.client.post("/organization/leave", { organizationId: org.id })).status).toBe(200);
    const expected = { code: "INVITER_NO_LONGER_MEMBER", message: "Inviter is no longer a member of the organization" };
    const seen = await invitee.client.get("/organization/get-invitation", { query: { id: inv.id } });
    expect(seen.status).toBe(400);
    expect(seen.body).toEqual(expected);
    const accepted = await invitee.client.post("/organization/accept-invitation", { invitationId: inv.id });
    expect(accepted.body).toEqual(expected);
    expect((await invitee.client.get("/organization/list")).body).toEqual([]);
    // Declining still works: it only closes the invitation.
    expect((await invitee.client.post("/organization/reject-invitation", { invitationId: inv.id })).status).toBe(200);
  });

  it("an invitation whose inviter's account is gone is 'Failed to retrieve invitation'", async () => {
    const { auth, org, admin } = await orgWithRoles();
    const invitee = await newUser(auth);
    const inv = (
      await admin.client.post("/organization/invite-member", {
        email: invitee.email,
        role: "member",
        organizationId: org.id,
      })
    ).body;
    // The memory adapter does not cascade: the invitation outlives its inviter's user row.
    await auth.$context.db.delete({ model: "user", where: [{ field: "id", value: admin.userId }] });
    const r = await invitee.client.get("/organization/get-invitation", { query: { id: inv.id } });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ code: "FAILED_TO_RETRIEVE_INVITATION", message: "Failed to retrieve invitation" });
    expect((await invitee.client.post("/organization/accept-invitation", { invitationId: inv.id })).body.code).toBe(
      "FAILED_TO_RETRIEVE_INVITATION",
    );
  });

  it("listing invitations and teams needs membership", async () => {
    const { auth, org, owner } = await orgWithRoles();
    await owner.client.post("/organization/invite-member", { email: "z@example.com", role: "member" });
    await owner.client.post("/organization/create-team", { name: "Secret" });
    const outsider = await newUser(auth);
    for (const path of ["list-invitations", "list-teams"]) {
      const r = await outsider.client.get(`/organization/${path}`, { query: { organizationId: org.id } });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("USER_NOT_MEMBER_OF_ORGANIZATION");
    }
  });
});
