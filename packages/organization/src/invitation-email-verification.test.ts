// An invitation goes to an address; only someone who proved they own it may see or answer it.
import { describe, expect, it } from "vitest";
import { createOrg, makeOrgAuth, newUnverifiedUser, newUser } from "./test-helpers.js";

const REFUSAL = {
  code: "EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION",
  message: "Email verification required before viewing, accepting or rejecting an invitation",
};

describe("invitations need a verified address (requireEmailVerificationOnInvitation)", () => {
  it("by default, someone who signs up unverified with the invitee's address can neither see nor answer it", async () => {
    const { auth } = makeOrgAuth();
    const owner = await newUser(auth, "owner");
    const org = await createOrg(owner);
    const squatter = await newUnverifiedUser(auth, "squatter");
    const inv = (await owner.client.post("/organization/invite-member", { email: squatter.email, role: "admin" })).body;

    const list = await squatter.client.get("/organization/list-user-invitations");
    expect(list.status).toBe(403);
    expect(list.body).toEqual(REFUSAL);
    const get = await squatter.client.get("/organization/get-invitation", { query: { id: inv.id } });
    expect(get.status).toBe(403);
    expect(get.body).toEqual(REFUSAL);
    for (const path of ["/organization/accept-invitation", "/organization/reject-invitation"]) {
      const r = await squatter.client.post(path, { invitationId: inv.id });
      expect(r.status).toBe(403);
      expect(r.body).toEqual(REFUSAL);
    }
    // Nothing changed: no membership, the invitation still pending for the real owner of the address.
    expect((await squatter.client.get("/organization/list")).body).toEqual([]);
    const members = await owner.client.get("/organization/list-members", { query: { organizationId: org.id } });
    expect(members.body.members.map((m: { userId: string }) => m.userId)).toEqual([owner.userId]);
    const stored = await auth.$context.db.findOne({ model: "invitation", where: [{ field: "id", value: inv.id }] });
    expect(stored?.status).toBe("pending");
  });

  it("once the address is verified, the same user lists, views and accepts it", async () => {
    const { auth } = makeOrgAuth();
    const owner = await newUser(auth, "owner");
    const org = await createOrg(owner);
    const invitee = await newUnverifiedUser(auth);
    const inv = (await owner.client.post("/organization/invite-member", { email: invitee.email, role: "member" })).body;
    expect((await invitee.client.post("/organization/accept-invitation", { invitationId: inv.id })).status).toBe(403);
    await auth.$context.users.update(invitee.userId, { emailVerified: true });
    const list = await invitee.client.get("/organization/list-user-invitations");
    expect(list.status).toBe(200);
    expect(list.body.map((i: { id: string }) => i.id)).toEqual([inv.id]);
    expect((await invitee.client.get("/organization/get-invitation", { query: { id: inv.id } })).status).toBe(200);
    const r = await invitee.client.post("/organization/accept-invitation", { invitationId: inv.id });
    expect(r.status).toBe(200);
    expect(r.body.member).toMatchObject({ organizationId: org.id, userId: invitee.userId, role: "member" });
  });

  it("a verified user still cannot answer an invitation to another address", async () => {
    const { auth } = makeOrgAuth();
    const owner = await newUser(auth, "owner");
    await createOrg(owner);
    const invitee = await newUser(auth);
    const other = await newUser(auth);
    const inv = (await owner.client.post("/organization/invite-member", { email: invitee.email, role: "member" })).body;
    const r = await other.client.post("/organization/accept-invitation", { invitationId: inv.id });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe("NOT_INVITATION_RECIPIENT");
  });

  it("requireEmailVerificationOnInvitation: false lets an unverified recipient list, view, accept and reject", async () => {
    const { auth } = makeOrgAuth({ requireEmailVerificationOnInvitation: false });
    const owner = await newUser(auth, "owner");
    const org = await createOrg(owner);
    const a = await newUnverifiedUser(auth);
    const b = await newUnverifiedUser(auth);
    const ia = (await owner.client.post("/organization/invite-member", { email: a.email, role: "member" })).body;
    const ib = (await owner.client.post("/organization/invite-member", { email: b.email, role: "member" })).body;
    expect((await a.client.get("/organization/list-user-invitations")).body.map((i: { id: string }) => i.id)).toEqual([
      ia.id,
    ]);
    expect((await a.client.get("/organization/get-invitation", { query: { id: ia.id } })).status).toBe(200);
    const accepted = await a.client.post("/organization/accept-invitation", { invitationId: ia.id });
    expect(accepted.status).toBe(200);
    expect(accepted.body.member.organizationId).toBe(org.id);
    const rejected = await b.client.post("/organization/reject-invitation", { invitationId: ib.id });
    expect(rejected.status).toBe(200);
    expect(rejected.body.invitation.status).toBe("rejected");
  });
});
