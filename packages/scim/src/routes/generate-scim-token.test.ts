import { createTestClient, signUpUser } from "@gatehouse-auth/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateToken, newOrganization, scimClient, startScimServer } from "../test-helpers.js";

let server: Awaited<ReturnType<typeof startScimServer>>;
beforeAll(async () => {
  server = await startScimServer({ isAppAdmin: (user) => user.email.startsWith("app-admin-") });
});
afterAll(() => server.close());

describe("POST /scim/generate-token", () => {
  it("stores only the token's hash and shows the token once", async () => {
    const org = await newOrganization(server);
    const rows = await server.auth.$context.db.findMany<Record<string, unknown>>({
      model: "scimToken",
      where: [{ field: "organizationId", value: org.organizationId }],
    });
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(org.token);
    expect(org.token).toMatch(/^scim_[A-Za-z0-9]{40}$/);
  });

  it("rotates: a new token for the same organization and connection ends the old one; another connection's stays", async () => {
    const org = await newOrganization(server);
    const second = await generateToken(org.owner.client, org.organizationId);
    expect((await scimClient(server.base, org.token).get("/Users")).status).toBe(401);
    expect((await scimClient(server.base, second).get("/Users")).status).toBe(200);
    const okta = await generateToken(org.owner.client, org.organizationId, "okta");
    expect((await scimClient(server.base, second).get("/Users")).status).toBe(200);
    expect((await scimClient(server.base, okta).get("/Users")).status).toBe(200);
  });

  it("refuses a member who is not owner or admin, a stranger and an unknown organization (403), and no session (401)", async () => {
    const org = await newOrganization(server);
    const member = await signUpUser(server.auth, `member-${Date.now()}@example.com`);
    await server.auth.$context.db.create({
      model: "member",
      data: { organizationId: org.organizationId, userId: member.userId, role: "member", createdAt: new Date() },
    });
    const refused = await member.client.post("/scim/generate-token", { organizationId: org.organizationId });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("NOT_ORGANIZATION_ADMIN");
    const stranger = await signUpUser(server.auth, `stranger-${Date.now()}@example.com`);
    expect((await stranger.client.post("/scim/generate-token", { organizationId: org.organizationId })).status).toBe(
      403,
    );
    expect((await org.owner.client.post("/scim/generate-token", { organizationId: "nope" })).status).toBe(403);
    const anonymous = createTestClient(server.auth);
    expect((await anonymous.post("/scim/generate-token", { organizationId: org.organizationId })).status).toBe(401);
    expect((await org.owner.client.post("/scim/generate-token", {})).status).toBe(400);
  });

  it("an admin of the organization and an app admin may create one", async () => {
    const org = await newOrganization(server);
    const admin = await signUpUser(server.auth, `org-admin-${Date.now()}@example.com`);
    await server.auth.$context.db.create({
      model: "member",
      data: { organizationId: org.organizationId, userId: admin.userId, role: "admin", createdAt: new Date() },
    });
    expect((await admin.client.post("/scim/generate-token", { organizationId: org.organizationId })).status).toBe(200);
    const appAdmin = await signUpUser(server.auth, `app-admin-${Date.now()}@example.com`);
    expect((await appAdmin.client.post("/scim/generate-token", { organizationId: org.organizationId })).status).toBe(
      200,
    );
  });
});
