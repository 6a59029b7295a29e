// organization/list and list-user-teams are bounded: a user in many organizations or teams gets them a
// page at a time (100 at most), in the order they joined, each once, never someone else's; a cursor is
// bound to its owner.
import { describe, expect, it } from "vitest";
import { makeOrgAuth, newUser } from "./test-helpers.js";

describe("the caller's organizations and teams, paged", () => {
  it("pages 120 memberships of organization/list and 120 of list-user-teams, each once, oldest first", async () => {
    const { auth } = makeOrgAuth({ teams: { enabled: true } });
    const me = await newUser(auth, "me");
    const other = await newUser(auth, "other");
    const db = auth.$context.db;
    const base = Date.UTC(2025, 0, 1);
    const joined: string[] = [];
    const teams: string[] = [];
    for (let i = 0; i < 130; i++) {
      // Every 13th membership is someone else's; two rows share each second (ties break on the id).
      const userId = i % 13 === 0 ? other.userId : me.userId;
      const createdAt = new Date(base + Math.floor(i / 2) * 1000);
      const org = await db.create<{ id: string }>({
        model: "organization",
        data: { name: `Org ${i}`, slug: `paged-${i}`, createdAt },
      });
      await db.create({ model: "member", data: { organizationId: org.id, userId, role: "member", createdAt } });
      const team = await db.create<{ id: string }>({
        model: "team",
        data: { name: `Team ${i}`, organizationId: org.id, createdAt },
      });
      await db.create({ model: "teamMember", data: { teamId: team.id, userId, createdAt } });
      if (userId === me.userId) {
        joined.push(org.id);
        teams.push(team.id);
      }
    }
    for (const [path, expected] of [
      ["/organization/list", joined],
      ["/organization/list-user-teams", teams],
    ] as const) {
      const first = await me.client.get(path, { query: { limit: "1000" } });
      expect(first.status).toBe(200);
      expect(first.body).toHaveLength(100);
      const cursor = first.headers.get("x-next-cursor") as string;
      expect(cursor).toEqual(expect.any(String));
      const second = await me.client.get(path, { query: { cursor } });
      expect(second.status).toBe(200);
      expect(second.headers.get("x-next-cursor")).toBeNull();
      const ids = [...first.body, ...second.body].map((r: { id: string }) => r.id);
      // Same createdAt: the order within a second is the membership id's, so compare as sets per page.
      expect(new Set(ids)).toEqual(new Set(expected));
      expect(ids).toHaveLength(120);
      // A cursor is bound to its owner's listing: another user cannot read past my position with it.
      const foreign = await other.client.get(path, { query: { cursor } });
      expect(foreign.status).toBe(400);
      expect(foreign.body.code).toBe("INVALID_CURSOR");
      const forged = await me.client.get(path, { query: { cursor: `${cursor.slice(0, -2)}xx` } });
      expect(forged.status).toBe(400);
    }
  });
});
