// The organization plugin's part of the document against the server it describes: a realistic
// organization's life over HTTP (owner, invitees, teams) where every answer — success or error — must
// be a status the operation documents, with a body that validates strictly against the documented
// schema. A response schema that drifts from what a handler really returns fails here.
import { beforeAll, describe, expect, it } from "vitest";
import { createTestClient, signUpUser } from "@gatehouse-auth/core/testing";
import type { OpenAPIDocument } from "../src/open-api-types.js";
import { makeOpenAPIAuth } from "../src/test-helpers.js";
import { documentedCaller, isGeneric, jsonSuccessSchema, operationsOf } from "./documented-scenario.js";

/** Every routed operation of the plugin (teams on): each has a response, met by the scenario. */
const DOCUMENTED_HERE = [
  "acceptInvitation",
  "addTeamMember",
  "cancelInvitation",
  "checkOrganizationSlug",
  "createOrganization",
  "createTeam",
  "deleteOrganization",
  "getActiveMember",
  "getActiveMemberRole",
  "getFullOrganization",
  "getInvitation",
  "hasPermission",
  "inviteMember",
  "leaveOrganization",
  "listInvitations",
  "listMembers",
  "listOrganizations",
  "listTeamMembers",
  "listTeams",
  "listUserInvitations",
  "listUserTeams",
  "rejectInvitation",
  "removeMember",
  "removeTeam",
  "removeTeamMember",
  "setActiveOrganization",
  "setActiveTeam",
  "updateMemberRole",
  "updateOrganization",
  "updateTeam",
];

describe("the organization operations match the server's real answers", () => {
  // An app field on the user: the public user beside a member must still not carry it.
  const auth = makeOpenAPIAuth({}, { user: { additionalFields: { nickname: { type: "string", required: false } } } });
  let doc: OpenAPIDocument;
  const answered = new Set<string>();
  const call = documentedCaller(() => doc, answered);
  const organizationOps = () => operationsOf(doc).filter(({ op }) => op.tags.includes("organization"));

  beforeAll(async () => {
    doc = (await createTestClient(auth).get("/open-api/generate-schema")).body;
  });

  it("validates every answer of an organization's life against its operation's documented responses", async () => {
    const anon = createTestClient(auth);
    const ada = await signUpUser(auth, "ada@example.com");
    const bea = await signUpUser(auth, "bea@example.com");
    const cy = await signUpUser(auth, "cy@example.com");
    const a = ada.client;
    const b = bea.client;
    const c = cy.client;

    // The organization.
    expect((await call(anon, "post", "/organization/create", { body: { name: "X", slug: "x" } })).status).toBe(401);
    const org = await call(a, "post", "/organization/create", {
      body: { name: "Analytical", slug: "analytical", metadata: { founded: 1843 } },
    });
    expect(org.status).toBe(200);
    const organizationId: string = org.body.id;
    expect(org.body.members).toHaveLength(1);
    expect((await call(a, "post", "/organization/check-slug", { body: { slug: "engines" } })).body).toEqual({
      status: true,
    });
    const taken = await call(a, "post", "/organization/check-slug", { body: { slug: "analytical" } });
    expect(taken.body.code).toBe("ORGANIZATION_SLUG_ALREADY_TAKEN");
    const updated = await call(a, "post", "/organization/update", {
      body: { organizationId, data: { name: "Analytical Engines", logo: "https://example.com/logo.png" } },
    });
    expect(updated.body.name).toBe("Analytical Engines");
    expect((await call(a, "get", "/organization/list")).body).toHaveLength(1);
    expect((await call(a, "post", "/organization/set-active", { body: { organizationId: null } })).body).toBeNull();
    expect((await call(a, "get", "/organization/get-active-member")).body.code).toBe("NO_ACTIVE_ORGANIZATION");
    const active = await call(a, "post", "/organization/set-active", { body: { organizationSlug: "analytical" } });
    expect(active.body.id).toBe(organizationId);
    const me = await call(a, "get", "/organization/get-active-member");
    expect(me.body.user).toEqual({ id: ada.userId, name: "Test", email: ada.email, image: null });

    // Invitations: accepted, rejected, canceled.
    const toBea = await call(a, "post", "/organization/invite-member", {
      body: { email: bea.email, role: "member", organizationId },
    });
    const toCy = await call(a, "post", "/organization/invite-member", { body: { email: cy.email, role: "member" } });
    const toDi = await call(a, "post", "/organization/invite-member", {
      body: { email: "di@example.com", role: "admin" },
    });
    const again = await call(a, "post", "/organization/invite-member", { body: { email: bea.email, role: "member" } });
    expect(again.body.code).toBe("USER_ALREADY_INVITED");
    const seen = await call(b, "get", "/organization/get-invitation", { query: { id: toBea.body.id } });
    expect(seen.body.organizationSlug).toBe("analytical");
    expect((await call(c, "get", "/organization/get-invitation", { query: { id: toBea.body.id } })).status).toBe(403);
    expect((await call(a, "get", "/organization/list-invitations", { query: { organizationId } })).body).toHaveLength(
      3,
    );
    expect((await call(b, "get", "/organization/list-user-invitations")).body).toHaveLength(1);
    const accepted = await call(b, "post", "/organization/accept-invitation", {
      body: { invitationId: toBea.body.id },
    });
    expect(accepted.body.member.userId).toBe(bea.userId);
    const rejected = await call(c, "post", "/organization/reject-invitation", { body: { invitationId: toCy.body.id } });
    expect(rejected.body).toMatchObject({ invitation: { status: "rejected" }, member: null });
    const canceled = await call(a, "post", "/organization/cancel-invitation", { body: { invitationId: toDi.body.id } });
    expect(canceled.body.status).toBe("canceled");

    // Members and roles.
    const listed = await call(a, "get", "/organization/list-members", { query: { organizationId, limit: "10" } });
    expect(listed.body.total).toBe(2);
    const beaMember = listed.body.members.find((m: { userId: string }) => m.userId === bea.userId);
    const promoted = await call(a, "post", "/organization/update-member-role", {
      body: { memberId: beaMember.id, role: ["admin"], organizationId },
    });
    expect(promoted.body.role).toBe("admin");
    expect(
      (await call(b, "post", "/organization/update-member-role", { body: { memberId: beaMember.id, role: "owner" } }))
        .status,
    ).toBe(403);
    const may = await call(b, "post", "/organization/has-permission", {
      body: { organizationId, permissions: { member: ["update"] } },
    });
    expect(may.body).toEqual({ success: true, error: null });
    const mayNot = await call(b, "post", "/organization/has-permission", {
      body: { organizationId, permissions: { organization: ["delete"] } },
    });
    expect(mayNot.body.success).toBe(false);
    const role = await call(a, "get", "/organization/get-active-member-role", { query: { userId: bea.userId } });
    expect(role.body).toEqual({ role: "admin" });
    const strangerRole = await call(c, "get", "/organization/get-active-member-role", { query: { organizationId } });
    expect(strangerRole.body.code).toBe("YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION");

    // Teams.
    const mills = await call(a, "post", "/organization/create-team", { body: { name: "Mills", organizationId } });
    const looms = await call(a, "post", "/organization/create-team", { body: { name: "Looms" } });
    // teams.defaultTeam: the organization's own team came with it.
    expect((await call(a, "get", "/organization/list-teams", { query: { organizationId } })).body).toHaveLength(3);
    const renamed = await call(a, "post", "/organization/update-team", {
      body: { teamId: mills.body.id, data: { name: "The Mill" } },
    });
    expect(renamed.body.name).toBe("The Mill");
    const placed = await call(a, "post", "/organization/add-team-member", {
      body: { teamId: mills.body.id, userId: bea.userId },
    });
    expect(placed.body.userId).toBe(bea.userId);
    // The whole organization: members (their public users), invitations and teams; fewer on request.
    const full = await call(a, "get", "/organization/get-full-organization", { query: { organizationId } });
    expect(full.body.members.map((m: { userId: string }) => m.userId)).toEqual([ada.userId, bea.userId]);
    // Pending invitations only: the three answered ones are behind list-invitations.
    expect(full.body.invitations).toEqual([]);
    expect(full.body.invitationsNextCursor).toBeNull();
    expect((await call(a, "get", "/organization/list-invitations", { query: { organizationId } })).body).toHaveLength(
      3,
    );
    expect(full.body.teams).toHaveLength(3);
    const firstOnly = await call(b, "get", "/organization/get-full-organization", { query: { membersLimit: "1" } });
    expect(firstOnly.body.members).toHaveLength(1);
    const notMine = await call(c, "get", "/organization/get-full-organization", { query: { organizationId } });
    expect(notMine.body.code).toBe("USER_NOT_MEMBER_OF_ORGANIZATION");
    const unknown = await call(a, "get", "/organization/get-full-organization", { query: { organizationId: "nope" } });
    expect(unknown.body.code).toBe("ORGANIZATION_NOT_FOUND");
    expect((await call(c, "get", "/organization/get-full-organization")).body).toBeNull();
    const outsider = await call(a, "post", "/organization/add-team-member", {
      body: { teamId: mills.body.id, userId: cy.userId },
    });
    expect(outsider.body.code).toBe("USER_NOT_MEMBER_OF_ORGANIZATION");
    expect(
      (await call(a, "get", "/organization/list-team-members", { query: { teamId: mills.body.id } })).body,
    ).toHaveLength(1);
    const activeTeam = await call(b, "post", "/organization/set-active-team", { body: { teamId: mills.body.id } });
    expect(activeTeam.body.id).toBe(mills.body.id);
    expect((await call(b, "get", "/organization/list-team-members")).body).toHaveLength(1);
    expect((await call(b, "get", "/organization/list-user-teams")).body).toHaveLength(1);
    expect((await call(b, "post", "/organization/set-active-team", { body: { teamId: null } })).body).toBeNull();
    const unplaced = await call(a, "post", "/organization/remove-team-member", {
      body: { teamId: mills.body.id, userId: bea.userId },
    });
    expect(unplaced.body.message).toBeTypeOf("string");
    const gone = await call(a, "post", "/organization/remove-team", {
      body: { teamId: looms.body.id, organizationId },
    });
    expect(gone.body.message).toBeTypeOf("string");

    // Leaving and removal: cy joins after all, and is removed by email; bea leaves; the owner cannot.
    const toCyAgain = await call(a, "post", "/organization/invite-member", {
      body: { email: cy.email, role: "member" },
    });
    await call(c, "post", "/organization/accept-invitation", { body: { invitationId: toCyAgain.body.id } });
    const removed = await call(a, "post", "/organization/remove-member", { body: { memberIdOrEmail: cy.email } });
    expect(removed.body.member.userId).toBe(cy.userId);
    const left = await call(b, "post", "/organization/leave", { body: { organizationId } });
    expect(left.body.userId).toBe(bea.userId);
    const onlyOwner = await call(a, "post", "/organization/leave", { body: { organizationId } });
    expect(onlyOwner.body.code).toBe("CANNOT_LEAVE_AS_ONLY_OWNER");

    // The end.
    const deleted = await call(a, "post", "/organization/delete", { body: { organizationId } });
    expect(deleted.body.id).toBe(organizationId);
    expect((await call(a, "get", "/organization/list")).body).toEqual([]);
    expect((await call(a, "post", "/organization/delete", { body: { organizationId } })).status).toBe(400);

    // Every documented organization body met a real answer.
    const unchecked = organizationOps()
      .filter(({ op }) => !answered.has(op.operationId))
      .map(({ op }) => op.operationId);
    expect(unchecked).toEqual([]);
  });

  it("documents a real 200 body for every organization operation", () => {
    const ops = organizationOps();
    // Named, so a route added or renamed without documentation cannot slip past a count.
    expect(ops.map(({ op }) => op.operationId).sort()).toEqual([...DOCUMENTED_HERE].sort());
    const generic = ops.filter(({ op }) => {
      const schema = jsonSuccessSchema(op);
      return !schema || isGeneric(schema) || JSON.stringify(schema) === JSON.stringify({ type: "object" });
    });
    expect(
      generic.map(({ op }) => op.operationId),
      "give these operations an `openapi.response`",
    ).toEqual([]);
  });
});
