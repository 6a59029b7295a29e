import { describe, expect, it } from "vitest";
import { addMember, eventsOf, makeAuditAuth, newUser, settle, storedEvents } from "./test-helpers.js";
import type { AuditEnv } from "./test-helpers.js";

/** Marks a user's address verified in storage (invitations require it). */
async function verify(env: AuditEnv, userId: string) {
  await env.auth.$context.db.update({
    model: "user",
    where: [{ field: "id", value: userId }],
    update: { emailVerified: true },
  });
}

describe("organization events over HTTP", () => {
  it("records created, member added, role changed, removed, left, invitations sent/accepted/rejected/canceled, deleted", async () => {
    const env = makeAuditAuth();
    const owner = await newUser(env, "owner");
    const created = await owner.client.post("/organization/create", { name: "Acme", slug: `acme-${Date.now()}` });
    expect(created.status).toBe(200);
    const organizationId = created.body.id as string;
    const [orgEvent] = await eventsOf(env, "organization.created");
    expect(orgEvent).toMatchObject({ organizationId, actorUserId: owner.userId });

    const added = await newUser(env, "added");
    expect((await owner.client.post("/organization/update", { organizationId, data: { name: "Acme 2" } })).status).toBe(
      200,
    );
    // Server only: through auth.api, with no session, so no actor.
    const add = await addMember(env, { userId: added.userId, role: "member", organizationId });
    const role = await owner.client.post("/organization/update-member-role", {
      memberId: add.id,
      role: "admin",
      organizationId,
    });
    expect(role.status).toBe(200);
    expect(
      (await owner.client.post("/organization/remove-member", { memberIdOrEmail: added.email, organizationId })).status,
    ).toBe(200);

    const invitee = await newUser(env, "invitee");
    await verify(env, invitee.userId);
    const inv = await owner.client.post("/organization/invite-member", {
      email: invitee.email,
      role: "member",
      organizationId,
    });
    expect(inv.status).toBe(200);
    expect((await invitee.client.post("/organization/accept-invitation", { invitationId: inv.body.id })).status).toBe(
      200,
    );
    expect((await invitee.client.post("/organization/leave", { organizationId })).status).toBe(200);

    const refuser = await newUser(env, "refuser");
    await verify(env, refuser.userId);
    const inv2 = await owner.client.post("/organization/invite-member", {
      email: refuser.email,
      role: "member",
      organizationId,
    });
    expect((await refuser.client.post("/organization/reject-invitation", { invitationId: inv2.body.id })).status).toBe(
      200,
    );
    const inv3 = await owner.client.post("/organization/invite-member", {
      email: "nobody@example.com",
      role: "member",
      organizationId,
    });
    expect((await owner.client.post("/organization/cancel-invitation", { invitationId: inv3.body.id })).status).toBe(
      200,
    );
    expect((await owner.client.post("/organization/delete", { organizationId })).status).toBe(200);

    await settle();
    const events = (await storedEvents(env)).filter((e) => e.organizationId === organizationId);
    const summary = events.map((e) => [e.type, e.actorUserId, e.userId]);
    expect(summary).toEqual([
      ["organization.created", owner.userId, owner.userId],
      ["organization.updated", owner.userId, owner.userId],
      ["organization.member_added", null, added.userId],
      ["organization.member_role_changed", owner.userId, added.userId],
      ["organization.member_removed", owner.userId, added.userId],
      ["invitation.sent", owner.userId, null],
      ["invitation.accepted", invitee.userId, invitee.userId],
      ["organization.member_removed", invitee.userId, invitee.userId],
      ["invitation.sent", owner.userId, null],
      ["invitation.rejected", refuser.userId, refuser.userId],
      ["invitation.sent", owner.userId, null],
      ["invitation.canceled", owner.userId, null],
      ["organization.deleted", owner.userId, owner.userId],
    ]);
    expect(events[3]?.details.role).toBe("admin");
    expect(events[5]?.details).toMatchObject({ email: invitee.email, role: "member", id: inv.body.id });
    expect(events.every((e) => e.outcome === "success")).toBe(true);
  });
});
