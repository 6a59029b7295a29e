import { describe, expect, it } from "vitest";
import { createOrg, makeOrgAuth, manualClock, newUser, orgWithRoles } from "../test-helpers.js";

describe("invite-member", () => {
  it("resend: the pending invitation goes out again with the same id and a fresh expiry", async () => {
    const clock = manualClock();
    const { auth, sent } = makeOrgAuth({}, { advanced: { now: () => clock.t } });
    const owner = await newUser(auth, "owner");
    await createOrg(owner);
    const invite = (extra: Record<string, unknown> = {}) =>
      owner.client.post("/organization/invite-member", { email: "bo@example.com", role: "member", ...extra });
    const first = (await invite()).body;
    clock.advance(3600);
    expect((await invite()).body.code).toBe("USER_ALREADY_INVITED");
    const again = await invite({ resend: true });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.id);
    expect(new Date(again.body.expiresAt).getTime() - new Date(first.expiresAt).getTime()).toBe(3600_000);
    expect(sent.map((m) => m.id)).toEqual([first.id, first.id]);
    const listed = (await owner.client.get("/organization/list-invitations")).body;
    expect(listed).toHaveLength(1);
    // resend with nothing pending simply invites
    const fresh = await owner.client.post("/organization/invite-member", {
      email: "new@example.com",
      role: "member",
      resend: true,
    });
    expect(fresh.body).toMatchObject({ email: "new@example.com", status: "pending" });
  });

  it("resend never lets an admin renew an owner invitation", async () => {
    const { org, owner, admin } = await orgWithRoles();
    await owner.client.post("/organization/invite-member", { email: "o@example.com", role: "owner" });
    const r = await admin.client.post("/organization/invite-member", {
      email: "o@example.com",
      role: "member",
      organizationId: org.id,
      resend: true,
    });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe("NOT_ALLOWED_TO_INVITE_WITH_ROLE");
  });

  it("a failing sendInvitationEmail leaves no pending invitation and answers a catalogued error", async () => {
    let fail = true;
    const { auth } = makeOrgAuth({
      sendInvitationEmail: () => {
        if (fail) throw new Error("SMTP down");
      },
    });
    const owner = await newUser(auth, "owner");
    const org = await createOrg(owner);
    const invitee = await newUser(auth);
    const r = await owner.client.post("/organization/invite-member", { email: invitee.email, role: "member" });
    expect(r.status).toBe(500);
    expect(r.body).toEqual({ code: "FAILED_TO_SEND_INVITATION_EMAIL", message: "Failed to send the invitation email" });
    expect(
      (await owner.client.get("/organization/list-invitations", { query: { organizationId: org.id } })).body,
    ).toEqual([]);
    expect((await invitee.client.get("/organization/list-user-invitations")).body).toEqual([]);
    fail = false;
    const ok = await owner.client.post("/organization/invite-member", { email: invitee.email, role: "member" });
    expect(ok.status).toBe(200);
    // A failed resend keeps the invitation with its previous expiry.
    fail = true;
    const resent = await owner.client.post("/organization/invite-member", {
      email: invitee.email,
      role: "member",
      resend: true,
    });
    expect(resent.body.code).toBe("FAILED_TO_SEND_INVITATION_EMAIL");
    const kept = (await invitee.client.get("/organization/get-invitation", { query: { id: ok.body.id } })).body;
    expect(kept).toMatchObject({ status: "pending", expiresAt: ok.body.expiresAt });
  });

  it("a team of another organization, or teams switched off, is TEAM_NOT_FOUND", async () => {
    const { auth } = makeOrgAuth();
    const owner = await newUser(auth, "owner");
    const a = await createOrg(owner);
    const b = await createOrg(owner);
    const team = (await owner.client.post("/organization/create-team", { name: "B", organizationId: b.id })).body;
    const r = await owner.client.post("/organization/invite-member", {
      email: "x@example.com",
      role: "member",
      organizationId: a.id,
      teamId: team.id,
    });
    expect(r.body.code).toBe("TEAM_NOT_FOUND");
    const off = makeOrgAuth({ teams: { enabled: false } });
    const u = await newUser(off.auth);
    await createOrg(u);
    const r2 = await u.client.post("/organization/invite-member", {
      email: "y@example.com",
      role: "member",
      teamId: "t",
    });
    expect(r2.body.code).toBe("TEAM_NOT_FOUND");
  });
});
