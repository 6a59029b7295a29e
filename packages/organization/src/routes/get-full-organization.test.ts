import { describe, expect, it } from "vitest";
import { addMemberOnServer, countReads, createOrg, makeOrgAuth, newUser } from "../test-helpers.js";

describe("get-full-organization", () => {
  it("caps members at the membership limit, whatever membersLimit asks for (SPEC.md §9)", async () => {
    const { auth } = makeOrgAuth({ membershipLimit: 3 });
    const owner = await newUser(auth);
    const org = await createOrg(owner);
    // Members beyond the limit: joined before it was lowered, as the limit is only checked on joining.
    for (let i = 0; i < 4; i++) {
      const u = await newUser(auth);
      await auth.$context.db.create({
        model: "member",
        data: { organizationId: org.id, userId: u.userId, role: "member", createdAt: new Date(Date.now() + i + 1) },
      });
    }
    const get = (query: Record<string, string>) =>
      owner.client.get("/organization/get-full-organization", { query: { organizationId: org.id, ...query } });
    const ids = (body: { members: { userId: string }[] }) => body.members.map((m) => m.userId);
    const capped = await get({});
    expect(capped.status).toBe(200);
    expect(capped.body.members).toHaveLength(3);
    expect(ids(capped.body)[0]).toBe(owner.userId);
    expect((await get({ membersLimit: "1000" })).body.members).toHaveLength(3);
    expect((await get({ membersLimit: "4" })).body.members).toHaveLength(3);
    const two = (await get({ membersLimit: "2" })).body;
    expect(ids(two)).toEqual(ids(capped.body).slice(0, 2));
  });

  it("answers a member who is past the members read (one more lookup), and no one else", async () => {
    const { auth } = makeOrgAuth();
    const owner = await newUser(auth);
    const org = await createOrg(owner);
    const late = await newUser(auth);
    await addMemberOnServer(auth, { userId: late.userId, role: "member", organizationId: org.id });
    const query = { organizationId: org.id, membersLimit: "1" };
    const seen = await late.client.get("/organization/get-full-organization", { query });
    expect(seen.status).toBe(200);
    expect(seen.body.members.map((m: { userId: string }) => m.userId)).toEqual([owner.userId]);
    const db = auth.$context.db;
    const pastTheCap = await countReads(db, () => late.client.get("/organization/get-full-organization", { query }));
    const amongThem = await countReads(db, () => owner.client.get("/organization/get-full-organization", { query }));
    expect(pastTheCap).toBe(amongThem + 1);
    const outsider = await newUser(auth);
    const refused = await outsider.client.get("/organization/get-full-organization", { query });
    expect(refused.body.code).toBe("USER_NOT_MEMBER_OF_ORGANIZATION");
  });

  it("reads a fixed number of times by id or slug whatever the member count; refusals keep their order", async () => {
    const { auth } = makeOrgAuth();
    const owner = await newUser(auth);
    const org = await createOrg(owner);
    const outsider = await newUser(auth);
    const db = auth.$context.db;
    // One after the other: two counters wrapped at once would each count both requests.
    const reads = async (): Promise<[number, number]> => [
      await countReads(db, () =>
        owner.client.get("/organization/get-full-organization", { query: { organizationId: org.id } }),
      ),
      await countReads(db, () =>
        owner.client.get("/organization/get-full-organization", { query: { organizationSlug: org.slug } }),
      ),
    ];
    const before = await reads();
    const [byId, bySlug] = before;
    for (let i = 0; i < 5; i++) {
      const u = await newUser(auth);
      await addMemberOnServer(auth, { userId: u.userId, role: "member", organizationId: org.id });
    }
    expect(await reads()).toEqual(before);
    // The session's own lookup, then four reads by id or by slug: the organization, its members joined
    // with their users (the caller among them), invitations, teams.
    expect(byId).toBeLessThanOrEqual(5);
    expect(bySlug).toBe(byId);
    const full = await owner.client.get("/organization/get-full-organization", { query: { organizationId: org.id } });
    expect(full.body.members).toHaveLength(6);
    expect(full.body).toMatchObject({ id: org.id, slug: org.slug, name: org.name, invitations: [] });
    expect(full.body.teams).toEqual([expect.objectContaining({ name: org.name })]);
    expect(Object.keys(full.body.members[0].user)).toEqual(["id", "name", "email", "image"]);

    const byIdOrSlug: Record<string, string>[] = [{ organizationId: org.id }, { organizationSlug: org.slug }];
    for (const query of byIdOrSlug) {
      const refused = await outsider.client.get("/organization/get-full-organization", { query });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe("USER_NOT_MEMBER_OF_ORGANIZATION");
    }
    const unknownOnes: Record<string, string>[] = [
      { organizationId: "no-such-org" },
      { organizationSlug: "no-such-slug" },
    ];
    for (const query of unknownOnes) {
      const unknown = await outsider.client.get("/organization/get-full-organization", { query });
      expect(unknown.status).toBe(400);
      expect(unknown.body.code).toBe("ORGANIZATION_NOT_FOUND");
    }
  });
});
