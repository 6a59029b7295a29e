import { describe, expect, it } from "vitest";
import { createOrg, makeOrgAuth, newUser } from "../test-helpers.js";

describe("organization names and slugs", () => {
  it("are trimmed; only spaces is a validation error on create, update and teams", async () => {
    const { auth } = makeOrgAuth();
    const u = await newUser(auth);
    const created = await u.client.post("/organization/create", { name: "  Acme ", slug: " acme-trim " });
    expect(created.body).toMatchObject({ name: "Acme", slug: "acme-trim" });
    for (const body of [
      { name: "   ", slug: "ok-slug" },
      { name: "Ok", slug: "   " },
    ]) {
      const r = await u.client.post("/organization/create", body);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("VALIDATION_ERROR");
    }
    const org = await createOrg(u);
    const upd = await u.client.post("/organization/update", { organizationId: org.id, data: { name: "  " } });
    expect(upd.body.code).toBe("VALIDATION_ERROR");
    const team = await u.client.post("/organization/create-team", { name: "  " });
    expect(team.body.code).toBe("VALIDATION_ERROR");
  });
});
