import { describe, expect, it } from "vitest";
import { createTestClient } from "@gatehouse-auth/core/testing";
import { addMemberOnServer, countReads, createOrg, makeOrgAuth, newUser } from "./test-helpers.js";

const activeOrgId = async (client: { get: (p: string) => Promise<{ body: { session: Record<string, unknown> } }> }) =>
  (await client.get("/get-session")).body.session.activeOrganizationId ?? null;

describe("organizations", () => {
  it("create returns the organization with its creator as owner and makes it active", async () => {
    const { auth } = makeOrgAuth();
    const u = await newUser(auth);
    const r = await u.client.post("/organization/create", {
      name: "Acme",
      slug: "acme",
      metadata: { plan: "pro" },
      logo: "https://example.com/l.png",
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      name: "Acme",
      slug: "acme",
      metadata: { plan: "pro" },
      logo: "https://example.com/l.png",
    });
    expect(r.body.members).toHaveLength(1);
    expect(r.body.members[0]).toMatchObject({ userId: u.userId, role: "owner" });
    expect(await activeOrgId(u.client)).toBe(r.body.id);
    const kept = await createOrg(u, { keepCurrentActiveOrganization: true });
    expect(kept.id).not.toBe(r.body.id);
    expect(await activeOrgId(u.client)).toBe(r.body.id);
  });

  it("refuses a taken slug, an anonymous caller and a missing slug", async () => {
    const { auth } = makeOrgAuth();
    const u = await newUser(auth);
    const org = await createOrg(u);
    const other = await newUser(auth);
    const dup = await other.client.post("/organization/create", { name: "Copy", slug: org.slug });
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({ code: "ORGANIZATION_ALREADY_EXISTS", message: "Organization already exists" });
    expect((await other.client.get("/organization/list")).body).toEqual([]);
    expect((await createTestClient(auth).post("/organization/create", { name: "A", slug: "anon" })).status).toBe(401);
    expect((await u.client.post("/organization/create", { name: "No slug" })).status).toBe(400);
  });

  it("check-slug answers true for a free slug and refuses a taken one", async () => {
    const { auth } = makeOrgAuth();
    const u = await newUser(auth);
    expect((await u.client.post("/organization/check-slug", { slug: "free-one" })).body).toEqual({ status: true });
    const org = await createOrg(u);
    const taken = await u.client.post("/organization/check-slug", { slug: org.slug });
    expect(taken.status).toBe(400);
    expect(taken.body.message).toMatch(/slug is taken/i);
  });

  it("list returns exactly the caller's organizations", async () => {
    const { auth } = makeOrgAuth();
    const a = await newUser(auth);
    const b = await newUser(auth);
    const a1 = await createOrg(a);
    const a2 = await createOrg(a);
    const b1 = await createOrg(b);
    expect((await a.client.get("/organization/list")).body.map((o: { id: string }) => o.id).sort()).toEqual(
      [a1.id, a2.id].sort(),
    );
    expect((await b.client.get("/organization/list")).body.map((o: { id: string }) => o.id)).toEqual([b1.id]);
  });

  it("get-full-organization: null with nothing active, else members with users and invitations; by id or slug", async () => {
    const { auth } = makeOrgAuth();
    const u = await newUser(auth);
    expect((await u.client.get("/organization/get-full-organization")).body).toBeNull();
    const first = await createOrg(u);
    const org = await createOrg(u);
    await u.client.post("/organization/invite-member", { email: "someone@example.com", role: "member" });
    const full = (await u.client.get("/organization/get-full-organization")).body;
    expect(full.id).toBe(org.id);
    expect(full.members[0]).toMatchObject({ userId: u.userId, role: "owner", user: { email: u.email } });
    expect(full.members[0].user).not.toHaveProperty("password");
    expect(full.invitations).toHaveLength(1);
    // teams.defaultTeam (on with teams): the organization starts with a team named after it.
    expect(full.teams).toEqual([expect.objectContaining({ name: org.name, organizationId: org.id })]);
    const bySlug = await u.client.get("/organization/get-full-organization", {
      query: { organizationSlug: first.slug },
    });
    expect(bySlug.body.id).toBe(first.id);
    const unknown = await u.client.get("/organization/get-full-organization", { query: { organizationId: "nope" } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe("Organization not found");
    const outsider = await newUser(auth);
    const refused = await outsider.client.get("/organization/get-full-organization", {
      query: { organizationId: org.id },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("USER_NOT_MEMBER_OF_ORGANIZATION");
  });

  it("update changes fields; a slug of another organization is taken", async () => {
    const { auth } = makeOrgAuth();
    const u = await newUser(auth);
    const other = await createOrg(u);
    const org = await createOrg(u);
    const r = await u.client.post("/organization/update", {
      organizationId: org.id,
      data: { name: "Renamed", slug: "renamed", metadata: { tier: "gold" } },
    });
    expect(r.body).toMatchObject({ id: org.id, name: "Renamed", slug: "renamed", metadata: { tier: "gold" } });
    const implicit = await u.client.post("/organization/update", { data: { name: "Implicit" } });
    expect(implicit.body).toMatchObject({ id: org.id, name: "Implicit" });
    const taken = await u.client.post("/organization/update", { organizationId: org.id, data: { slug: other.slug } });
    expect(taken.status).toBe(400);
    expect(taken.body.code).toBe("ORGANIZATION_SLUG_ALREADY_TAKEN");
  });

  it("delete removes members and invitations, frees the slug and clears the active organization", async () => {
    const { auth, sent } = makeOrgAuth();
    const u = await newUser(auth);
    const org = await createOrg(u);
    const invitee = await newUser(auth, "invitee");
    await u.client.post("/organization/invite-member", { email: invitee.email, role: "member" });
    const invitationId = sent[0]?.id;
    const r = await u.client.post("/organization/delete", { organizationId: org.id });
    expect(r.status).toBe(200);
    expect(await activeOrgId(u.client)).toBeNull();
    expect((await u.client.get("/organization/list")).body).toEqual([]);
    expect((await u.client.post("/organization/check-slug", { slug: org.slug })).status).toBe(200);
    const inv = await invitee.client.get("/organization/get-invitation", { query: { id: String(invitationId) } });
    expect(inv.body.message).toBe("Invitation not found");
    expect(await auth.$context.db.count({ model: "member", where: [{ field: "organizationId", value: org.id }] })).toBe(
      0,
    );
  });

  it("set-active by id or slug, null clears; get-active-member", async () => {
    const { auth } = makeOrgAuth();
    const u = await newUser(auth);
    const noActive = await u.client.get("/organization/get-active-member");
    expect(noActive.body).toEqual({ code: "NO_ACTIVE_ORGANIZATION", message: "No active organization" });
    const a = await createOrg(u);
    const b = await createOrg(u);
    expect((await u.client.post("/organization/set-active", { organizationId: a.id })).body.id).toBe(a.id);
    expect(await activeOrgId(u.client)).toBe(a.id);
    expect((await u.client.post("/organization/set-active", { organizationSlug: b.slug })).body.id).toBe(b.id);
    expect((await u.client.get("/organization/get-active-member")).body).toMatchObject({
      userId: u.userId,
      organizationId: b.id,
      role: "owner",
    });
    expect((await u.client.post("/organization/set-active", { organizationId: null })).status).toBe(200);
    expect(await activeOrgId(u.client)).toBeNull();
    const outsider = await newUser(auth);
    const refused = await outsider.client.post("/organization/set-active", { organizationId: a.id });
    expect(refused.body.code).toBe("USER_NOT_MEMBER_OF_ORGANIZATION");
  });

  it("respects allowUserToCreateOrganization and organizationLimit", async () => {
    const denied = makeOrgAuth({ allowUserToCreateOrganization: false });
    const u = await newUser(denied.auth);
    const r = await u.client.post("/organization/create", { name: "X", slug: "x" });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe("NOT_ALLOWED_TO_CREATE_ORGANIZATION");
    const limited = makeOrgAuth({ organizationLimit: 1 });
    const v = await newUser(limited.auth);
    await createOrg(v);
    const second = await v.client.post("/organization/create", { name: "Y", slug: "y" });
    expect(second.status).toBe(403);
    expect(second.body.code).toBe("ORGANIZATION_LIMIT_REACHED");
  });

  it("list and get-full-organization use a fixed number of queries whatever the member count", async () => {
    const { auth } = makeOrgAuth();
    const owner = await newUser(auth);
    const org = await createOrg(owner);
    const db = auth.$context.db;
    // One after the other: two counters wrapped at once would each count both requests.
    const measure = async () => [
      await countReads(db, () => owner.client.get("/organization/list")),
      await countReads(db, () =>
        owner.client.get("/organization/get-full-organization", { query: { organizationId: org.id } }),
      ),
    ];
    const before = await measure();
    for (let i = 0; i < 5; i++) {
      const u = await newUser(auth);
      await addMemberOnServer(auth, { userId: u.userId, role: "member", organizationId: org.id });
    }
    const after = await measure();
    expect(before[0]).toBeGreaterThan(0);
    expect(after).toEqual(before);
    const full = await owner.client.get("/organization/get-full-organization", { query: { organizationId: org.id } });
    expect(full.body.members).toHaveLength(6);
  });
});
