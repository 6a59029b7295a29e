import { definePlugin, defineEndpoint } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DELETES_API_KEY_TAG } from "./pre-capture.js";
import { eventsOf, makeAuditAuth, newAdmin, newUser, storedEvents } from "./test-helpers.js";

// Stands in for the dashboard's delete-api-key: any path, tagged, deleting the key named by body.id.
const adminKeyDeletion = definePlugin({
  id: "test-admin-key-deletion",
  endpoints: {
    testDeleteAnyKey: defineEndpoint(
      {
        method: "POST",
        path: "/some-admin-ui/api/delete-api-key",
        session: "required",
        body: z.object({ id: z.string() }),
        tags: [DELETES_API_KEY_TAG],
      },
      async (ctx) => {
        const n = await ctx.auth.db.deleteMany({ model: "apikey", where: [{ field: "id", value: ctx.body.id }] });
        if (n === 0) throw new Error("not found");
        return { success: true };
      },
    ),
  },
});

describe("endpoints tagged deletes-api-key", () => {
  it("record api_key.deleted with the key's owner as subject and the admin as actor, never the key", async () => {
    const env = makeAuditAuth({}, { plugins: [adminKeyDeletion] });
    const owner = await newUser(env);
    const created = await owner.client.post("/api-key/create", { name: "ci" });
    expect(created.status).toBe(200);
    const boss = await newAdmin(env);
    const r = await boss.client.post("/some-admin-ui/api/delete-api-key", { id: created.body.id });
    expect(r.status).toBe(200);
    const [event] = await eventsOf(env, "api_key.deleted");
    expect(event).toMatchObject({
      userId: owner.userId,
      actorUserId: boss.userId,
      outcome: "success",
      details: { keyId: created.body.id, byAdmin: true },
    });
    expect(JSON.stringify(await storedEvents(env))).not.toContain(created.body.key);
  });
});

describe("an organization's API key", () => {
  it("is recorded under its organization on create, update and delete (so its audit log lists them)", async () => {
    const env = makeAuditAuth();
    const owner = await newUser(env);
    const org = await owner.client.post("/organization/create", { name: "Keys", slug: `keys-${Date.now()}` });
    const organizationId = org.body.id as string;
    const created = await owner.client.post("/api-key/create", { name: "ci", organizationId });
    expect(created.status).toBe(200);
    await owner.client.post("/api-key/update", { keyId: created.body.id, enabled: false });
    await owner.client.post("/api-key/delete", { keyId: created.body.id });
    const own = await owner.client.post("/api-key/create", { name: "mine" });
    for (const type of ["api_key.created", "api_key.updated", "api_key.deleted"]) {
      const [event] = await eventsOf(env, type);
      expect(event, type).toMatchObject({ organizationId, userId: owner.userId, outcome: "success" });
    }
    const mine = (await eventsOf(env, "api_key.created")).find((e) => e.details?.id === own.body.id);
    expect(mine?.organizationId ?? null).toBeNull();
    const log = await owner.client.get("/organization/audit-log", { query: { organizationId } });
    const types = (log.body.events as { type: string }[]).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(["api_key.created", "api_key.updated", "api_key.deleted"]));
    expect(JSON.stringify(await storedEvents(env))).not.toContain(created.body.key);
  });
});
