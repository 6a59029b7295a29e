import { describe, expect, it } from "vitest";
import { createTestClient } from "@gatehouse-auth/core/testing";
import { createOrg, makeOrgAuth, newUser, orgWithRoles } from "./test-helpers.js";

describe("invitations", () => {
  it("invite → email with the id → accept creates the member and makes the organization active", async () => {
    const { auth, sent } = makeOrgAuth();
    const owner = await newUser(auth, "owner");
    const org = await createOrg(owner);
    const invitee = await newUser(auth, "invitee");
    const before = Date.now();
    const inv = await owner.client.post("/organization/invite-member", {
      email: invitee.email.toUpperCase(),
      role: "admin",
    });
    expect(inv.body).toMatchObject({
      email: invitee.email,
      role: "admin",
      status: "pending",
      organizationId: org.id,
      inviterId: owner.userId,
    });
    expect(Math.abs((new Date(inv.body.expiresAt).getTime() - before) / 1000 - 172800)).toBeLessThan(60);
    expect(sent.map((m) => m.id)).toEqual([inv.body.id]);
    const seen = await invitee.client.get("/organization/get-invitation", { query: { id: inv.body.id } });
    expect(seen.body).toMatchObject({ id: inv.body.id, organizationName: org.name, inviterEmail: owner.email });
    expect(
      (await invitee.client.get("/organization/list-user-invitations")).body.map((i: { id: string }) => i.id),
    ).toEqual([inv.body.id]);
    const notMine = await owner.client.get("/organization/get-invitation", { query: { id: inv.body.id } });
    expect(notMine.status).toBe(403);
    expect(notMine.body.message).toBe("You are not the recipient of the invitation");
    expect((await owner.client.post("/organization/accept-invitation", { invitationId: inv.body.id })).status).toBe(
      403,
    );
    const r = await invitee.client.post("/organization/accept-invitation", { invitationId: inv.body.id });
    expect(r.body.invitation.status).toBe("accepted");
    expect(r.body.member).toMatchObject({ userId: invitee.userId, organizationId: org.id, role: "admin" });
    expect((await invitee.client.get("/get-session")).body.session.activeOrganizationId).toBe(org.id);
    const again = await invitee.client.post("/organization/accept-invitation", { invitationId: inv.body.id });
    expect(again.body).toEqual({ code: "INVITATION_NOT_FOUND", message: "Invitation not found" });
  });

  it("two concurrent accepts of one invitation make exactly one member", async () => {
    const { auth } = makeOrgAuth();
    const owner = await newUser(auth, "owner");
    const org = await createOrg(owner);
    const invitee = await newUser(auth, "invitee");
    const inv = (await owner.client.post("/organization/invite-member", { email: invitee.email, role: "member" })).body;
    const results = await Promise.all(
      [1, 2, 3].map(() => invitee.client.post("/organization/accept-invitation", { invitationId: inv.id })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    const members = await auth.$context.db.findMany({
      model: "member",
      where: [
        { field: "organizationId", value: org.id },
        { field: "userId", value: invitee.userId },
      ],
    });
    expect(members).toHaveLength(1);
  });

  it("refuses an existing member, a second pending invite, an invalid email, an unknown role, no session", async () => {
    const { auth, sent, org, owner, member } = await orgWithRoles();
    const post = (body: Record<string, unknown>) =>
      owner.client.post("/organization/invite-member", { role: "member", organizationId: org.id, ...body });
    expect((await post({ email: member.email })).body.code).toBe("USER_ALREADY_MEMBER");
    const invitee = await newUser(auth);
    expect((await post({ email: invitee.email })).status).toBe(200);
    expect((await post({ email: invitee.email })).body.code).toBe("USER_ALREADY_INVITED");
    const count = sent.length;
    expect((await post({ email: "not-an-email" })).body).toEqual({ code: "INVALID_EMAIL", message: "Invalid email" });
    expect((await post({ email: "x@example.com", role: "superuser" })).body.code).toBe("ROLE_NOT_FOUND");
    expect(sent.length).toBe(count);
    expect(
      (await createTestClient(auth).post("/organization/invite-member", { email: "a@example.com", role: "member" }))
        .status,
    ).toBe(401);
  });

  it("reject is final; cancel ignores the status; unknown ids are not found", async () => {
    const { auth, org, owner, member } = await orgWithRoles();
    const invitee = await newUser(auth);
    const inv = (await owner.client.post("/organization/invite-member", { email: invitee.email, role: "member" })).body;
    const rej = await invitee.client.post("/organization/reject-invitation", { invitationId: inv.id });
    expect(rej.body.invitation.status).toBe("rejected");
    expect((await invitee.client.post("/organization/accept-invitation", { invitationId: inv.id })).status).toBe(400);
    const cancel = await owner.client.post("/organization/cancel-invitation", { invitationId: member.invitationId });
    expect(cancel.body.status).toBe("canceled");
    const list = (await owner.client.get("/organization/list-invitations", { query: { organizationId: org.id } })).body;
    expect(list.find((i: { id: string }) => i.id === inv.id).status).toBe("rejected");
    for (const path of ["accept-invitation", "reject-invitation", "cancel-invitation"]) {
      const r = await invitee.client.post(`/organization/${path}`, { invitationId: "nope" });
      expect(r.body.message).toBe("Invitation not found");
    }
  });

  it("the membership limit is enforced at acceptance", async () => {
    const { auth } = makeOrgAuth({ membershipLimit: 2 });
    const owner = await newUser(auth, "owner");
    await createOrg(owner);
    const a = await newUser(auth);
    const b = await newUser(auth);
    const ia = (await owner.client.post("/organization/invite-member", { email: a.email, role: "member" })).body;
    const ib = (await owner.client.post("/organization/invite-member", { email: b.email, role: "member" })).body;
    expect((await a.client.post("/organization/accept-invitation", { invitationId: ia.id })).status).toBe(200);
    const refused = await b.client.post("/organization/accept-invitation", { invitationId: ib.id });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Organization membership limit reached");
    expect((await b.client.get("/organization/list")).body).toEqual([]);
    // the refused accept rolled back: the invitation is still pending
    expect((await b.client.get("/organization/get-invitation", { query: { id: ib.id } })).body.status).toBe("pending");
  });
});
