// list-user-invitations is bounded: anyone may create organizations and invite an address, so a flood of
// invitations to one address comes a page at a time, never someone else's, never an expired or answered one.
import { describe, expect, it } from "vitest";
import { createOrg, makeOrgAuth, newUser } from "./test-helpers.js";

describe("list-user-invitations paging", () => {
  it("pages the caller's 118 pending, unexpired invitations, 100 at most a page, each once", async () => {
    const { auth } = makeOrgAuth();
    const spammer = await newUser(auth, "spam");
    const org = await createOrg(spammer);
    const me = await newUser(auth, "me");
    const other = await newUser(auth, "other");
    const base = Date.UTC(2025, 0, 1);
    const later = new Date(Date.now() + 86_400_000);
    for (let i = 0; i < 150; i++) {
      await auth.$context.db.create({
        model: "invitation",
        data: {
          organizationId: org.id,
          // 120 pending to me; the rest someone else's, answered, or expired.
          email: i % 5 === 4 ? other.email : me.email,
          role: "member",
          status: i === 3 ? "canceled" : "pending",
          inviterId: spammer.userId,
          expiresAt: i === 7 ? new Date(Date.now() - 1000) : later,
          createdAt: new Date(base + Math.floor(i / 2) * 1000),
        },
      });
    }
    const first = await me.client.get("/organization/list-user-invitations", { query: { limit: "1000" } });
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(100);
    const cursor = first.headers.get("x-next-cursor") as string;
    const second = await me.client.get("/organization/list-user-invitations", { query: { cursor } });
    expect(second.status).toBe(200);
    expect(second.headers.get("x-next-cursor")).toBeNull();
    const rows = [...first.body, ...second.body] as { id: string; email: string; organizationName: string }[];
    expect(rows).toHaveLength(118);
    expect(new Set(rows.map((r) => r.id)).size).toBe(118);
    expect(rows.every((r) => r.email === me.email && r.organizationName === org.name)).toBe(true);
    // My cursor is bound to my address: another invitee cannot use it.
    const foreign = await other.client.get("/organization/list-user-invitations", { query: { cursor } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe("INVALID_CURSOR");
  });
});
