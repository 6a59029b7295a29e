// SPEC.md §6 permission table, row by row, with real owner / admin / member sessions over HTTP.
import { describe, expect, it } from "vitest";
import { joinOrg, newUser, orgWithRoles } from "./test-helpers.js";

describe("SPEC.md §6 permissions", () => {
  it("organization update: owner and admin yes, member no", async () => {
    const { org, owner, admin, member } = await orgWithRoles();
    const byMember = await member.client.post("/organization/update", { organizationId: org.id, data: { name: "M" } });
    expect(byMember.status).toBe(403);
    expect(byMember.body.message).toBe("You are not allowed to update this organization");
    expect(
      (await admin.client.post("/organization/update", { organizationId: org.id, data: { name: "A" } })).status,
    ).toBe(200);
    expect(
      (await owner.client.post("/organization/update", { organizationId: org.id, data: { name: "O" } })).status,
    ).toBe(200);
  });

  it("organization delete: owner only", async () => {
    const { org, owner, admin, member } = await orgWithRoles();
    for (const who of [member, admin]) {
      const r = await who.client.post("/organization/delete", { organizationId: org.id });
      expect(r.status).toBe(403);
      expect(r.body.message).toBe("You are not allowed to delete this organization");
    }
    expect((await owner.client.post("/organization/delete", { organizationId: org.id })).status).toBe(200);
  });

  it("member create (invite as member is covered below; add via accept) and update: owner and admin yes, member no", async () => {
    const { auth, org, owner, admin, member } = await orgWithRoles();
    const extra = await joinOrg(auth, owner, org.id, "member");
    const body = (role: string) => ({ memberId: extra.member.id, role, organizationId: org.id });
    const byMember = await member.client.post("/organization/update-member-role", body("admin"));
    expect(byMember.status).toBe(403);
    expect(byMember.body.message).toBe("You are not allowed to update this member");
    expect((await admin.client.post("/organization/update-member-role", body("admin"))).body.role).toBe("admin");
    expect((await owner.client.post("/organization/update-member-role", body("member"))).body.role).toBe("member");
  });

  it("member delete: owner and admin yes, member no", async () => {
    const { auth, org, owner, admin, member } = await orgWithRoles();
    const x = await joinOrg(auth, owner, org.id, "member");
    const y = await joinOrg(auth, owner, org.id, "member");
    const byMember = await member.client.post("/organization/remove-member", {
      memberIdOrEmail: x.member.id,
      organizationId: org.id,
    });
    expect(byMember.status).toBe(403);
    expect(byMember.body.message).toBe("You are not allowed to delete this member");
    expect(
      (await admin.client.post("/organization/remove-member", { memberIdOrEmail: x.member.id, organizationId: org.id }))
        .status,
    ).toBe(200);
    expect(
      (await owner.client.post("/organization/remove-member", { memberIdOrEmail: y.email, organizationId: org.id }))
        .status,
    ).toBe(200);
  });

  it("invitation create: owner and admin yes, member no; only an owner invites an owner", async () => {
    const { auth, org, owner, admin, member } = await orgWithRoles();
    const invite = async (who: typeof owner, role = "member") =>
      who.client.post("/organization/invite-member", {
        email: (await newUser(auth)).email,
        role,
        organizationId: org.id,
      });
    const byMember = await invite(member);
    expect(byMember.status).toBe(403);
    expect(byMember.body.message).toBe("You are not allowed to invite users to this organization");
    expect((await invite(admin)).status).toBe(200);
    expect((await invite(owner, "admin")).status).toBe(200);
    expect((await invite(admin, "owner")).body.code).toBe("NOT_ALLOWED_TO_INVITE_WITH_ROLE");
    expect((await invite(owner, "owner")).status).toBe(200);
  });

  it("invitation cancel: owner and admin yes, member no", async () => {
    const { auth, owner, admin, member } = await orgWithRoles();
    const inv = async () =>
      (await owner.client.post("/organization/invite-member", { email: (await newUser(auth)).email, role: "member" }))
        .body.id;
    const i1 = await inv();
    const i2 = await inv();
    const byMember = await member.client.post("/organization/cancel-invitation", { invitationId: i1 });
    expect(byMember.status).toBe(403);
    expect(byMember.body.message).toBe("You are not allowed to cancel this invitation");
    expect((await admin.client.post("/organization/cancel-invitation", { invitationId: i1 })).body.status).toBe(
      "canceled",
    );
    expect((await owner.client.post("/organization/cancel-invitation", { invitationId: i2 })).body.status).toBe(
      "canceled",
    );
  });

  it("a check passes if any comma-separated role grants it; has-permission reports the table", async () => {
    const { org, owner, admin, member } = await orgWithRoles();
    const ask = async (who: typeof owner, permissions: Record<string, string[]>) =>
      (await who.client.post("/organization/has-permission", { organizationId: org.id, permissions })).body.success;
    expect(await ask(owner, { organization: ["update", "delete"], member: ["create", "update", "delete"] })).toBe(true);
    expect(await ask(owner, { invitation: ["create", "cancel"], team: ["create", "update", "delete"] })).toBe(true);
    expect(
      await ask(admin, {
        organization: ["update"],
        invitation: ["create", "cancel"],
        team: ["create", "update", "delete"],
      }),
    ).toBe(true);
    expect(await ask(admin, { member: ["create", "update", "delete"] })).toBe(true);
    expect(await ask(admin, { organization: ["delete"] })).toBe(false);
    for (const [resource, actions] of Object.entries({
      organization: ["update", "delete"],
      member: ["create", "update", "delete"],
      invitation: ["create", "cancel"],
      team: ["create", "update", "delete"],
    })) {
      for (const action of actions) expect(await ask(member, { [resource]: [action] })).toBe(false);
    }
    expect(await ask(owner, { spaceship: ["fly"] })).toBe(false);
    await owner.client.post("/organization/update-member-role", {
      memberId: member.member.id,
      role: "member,admin",
      organizationId: org.id,
    });
    expect(await ask(member, { invitation: ["create"] })).toBe(true);
    expect(await ask(member, { organization: ["delete"] })).toBe(false);
    const noActive = await (await newUser((await orgWithRoles()).auth)).client.post("/organization/has-permission", {
      permissions: { organization: ["update"] },
    });
    expect(noActive.body.message).toBe("No active organization");
  });
});
