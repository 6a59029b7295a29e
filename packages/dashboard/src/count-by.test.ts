import { describe, expect, it } from "vitest";
import { countBy } from "./count-by.js";
import { makeDashboardAuth, newUser } from "./test-helpers.js";

describe("countBy", () => {
  it("tallies from one narrow read, or counts per id past the row budget, with the same answer", async () => {
    const env = makeDashboardAuth();
    const owner = await newUser(env);
    const ids: string[] = [];
    for (const [i, size] of [3, 1, 0].entries()) {
      const org = await owner.client.post("/organization/create", {
        name: `O${i}`,
        slug: `o${i}-${owner.userId.toLowerCase()}`,
      });
      ids.push(org.body.id);
      for (let m = 1; m < size; m++) {
        const u = await newUser(env);
        await env.auth.$context.db.create({
          model: "member",
          data: { organizationId: org.body.id, userId: u.userId, role: "member", createdAt: new Date() },
        });
      }
      if (size === 0)
        await env.auth.$context.db.deleteMany({
          model: "member",
          where: [{ field: "organizationId", value: org.body.id }],
        });
    }
    const db = env.auth.$context.db;
    const tallied = await countBy(db, "member", "organizationId", ids);
    expect([...tallied]).toEqual([
      [ids[0], 3],
      [ids[1], 1],
      [ids[2], 0],
    ]);
    expect(await countBy(db, "member", "organizationId", ids, 2)).toEqual(tallied);
    expect((await countBy(db, "member", "organizationId", [])).size).toBe(0);
  });
});
