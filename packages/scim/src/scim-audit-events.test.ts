// The audit log records what a directory does through SCIM: users created, updated, deactivated and
// deleted, group changes, and token generation; each in the token's organization, none with a secret.
import { auditLog } from "@gatehouse-auth/audit-log";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newOrganization, patchOp, startScimServer } from "./test-helpers.js";

let server: Awaited<ReturnType<typeof startScimServer>>;
beforeAll(async () => {
  server = await startScimServer({}, { plugins: [auditLog()] });
});
afterAll(() => server.close());

interface Row {
  type: string;
  organizationId: string | null;
  userId: string | null;
  actorUserId: string | null;
  outcome: string;
  details: string;
}

async function events(organizationId: string) {
  // The recorder writes after the answer; auth.settled() waits for what it started.
  await server.auth.settled();
  const rows = await server.auth.$context.db.findMany<Row>({
    model: "auditEvent",
    where: [{ field: "organizationId", value: organizationId }],
    sortBy: { field: "createdAt", direction: "asc" },
  });
  return rows
    .filter((r) => r.type.startsWith("scim."))
    .map((r) => ({ ...r, details: JSON.parse(r.details) as Record<string, unknown> }));
}

const user = (userName: string) => ({
  schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
  userName,
  name: { givenName: "Ada", familyName: "Lovelace" },
  emails: [{ value: userName, type: "work", primary: true }],
  active: true,
});

describe("SCIM audit events", () => {
  it("records token generation and every user and group change in the token's organization", async () => {
    const org = await newOrganization(server);
    const other = await newOrganization(server);
    const created = await org.scim.post("/Users", user("ada@scim-audit.test"));
    expect(created.status).toBe(201);
    const scimUserId = created.body.id as string;
    const gatehouseUser = await server.auth.$context.db.findOne<{ id: string }>({
      model: "user",
      where: [{ field: "email", value: "ada@scim-audit.test" }],
    });
    expect(
      (await org.scim.patch(`/Users/${scimUserId}`, patchOp({ op: "replace", path: "displayName", value: "Ada L" })))
        .status,
    ).toBe(200);
    // Entra's form: path "active", the value a string.
    expect(
      (await org.scim.patch(`/Users/${scimUserId}`, patchOp({ op: "Replace", path: "active", value: "False" }))).status,
    ).toBe(200);
    // Another organization's token cannot touch the user, and records nothing about it.
    expect((await other.scim.delete(`/Users/${scimUserId}`)).status).toBe(404);
    const group = await org.scim.post("/Groups", {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:Group"],
      displayName: "Engineering",
      members: [{ value: scimUserId }],
    });
    expect(group.status).toBe(201);
    const groupId = group.body.id as string;
    expect(
      (await org.scim.patch(`/Groups/${groupId}`, patchOp({ op: "replace", path: "displayName", value: "Eng" })))
        .status,
    ).toBe(200);
    expect((await org.scim.delete(`/Groups/${groupId}`)).status).toBe(204);
    expect((await org.scim.delete(`/Users/${scimUserId}`)).status).toBe(204);
    // Reads are no events.
    expect((await org.scim.get("/Users")).status).toBe(200);

    const recorded = await events(org.organizationId);
    expect(recorded.map((e) => e.type)).toEqual([
      "scim.token_generated",
      "scim.user_created",
      "scim.user_updated",
      "scim.user_deactivated",
      "scim.group_created",
      "scim.group_updated",
      "scim.group_deleted",
      "scim.user_deleted",
    ]);
    const byType = Object.fromEntries(recorded.map((e) => [e.type, e]));
    expect(byType["scim.token_generated"]?.actorUserId).toBe(org.owner.userId);
    expect(byType["scim.user_created"]?.details).toMatchObject({ scimUserId });
    // Every user event names the account it concerns (the dashboard's User column, a query by user).
    expect(gatehouseUser?.id).toEqual(expect.any(String));
    for (const type of ["scim.user_created", "scim.user_updated", "scim.user_deactivated", "scim.user_deleted"])
      expect(byType[type], type).toMatchObject({ userId: gatehouseUser?.id, actorUserId: null });
    // The organization's own log, over HTTP, shows them with that user too.
    const orgLog = await org.owner.client.get("/organization/audit-log", {
      query: { organizationId: org.organizationId, limit: "50" },
    });
    expect(orgLog.status).toBe(200);
    const logged = (orgLog.body.events as { type: string; userId: string | null }[]).filter((e) =>
      e.type.startsWith("scim.user_"),
    );
    expect(logged).toHaveLength(4);
    expect(new Set(logged.map((e) => e.userId))).toEqual(new Set([gatehouseUser?.id]));
    expect(byType["scim.user_deactivated"]).toMatchObject({ userId: gatehouseUser?.id, actorUserId: null });
    expect(byType["scim.user_deactivated"]?.details).toMatchObject({ scimUserId, active: false });
    expect(byType["scim.user_deleted"]?.userId).toBe(gatehouseUser?.id);
    expect(byType["scim.group_created"]?.details).toMatchObject({ groupId, displayName: "Engineering" });
    expect(recorded.every((e) => e.outcome === "success")).toBe(true);
    // The other organization's log has its own token only; its refused delete named nobody.
    expect((await events(other.organizationId)).map((e) => e.type)).toEqual(["scim.token_generated"]);

    // No SCIM token (either organization's) anywhere in the log.
    const all = JSON.stringify(await server.auth.$context.db.findMany({ model: "auditEvent" }));
    expect(all).not.toContain(org.token);
    expect(all).not.toContain(other.token);
    expect(all).not.toContain(org.token.slice(0, 12));
  });
});
