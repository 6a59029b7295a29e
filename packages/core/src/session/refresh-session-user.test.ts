import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineEndpoint } from "../api/define-endpoint.js";
import { definePlugin } from "../plugins/plugin-types.js";
import { makeTestAuth, signUpUser } from "../testing/make-test-auth.js";
import { refreshSessionUser } from "./refresh-session-user.js";

const userField = definePlugin({
  id: "user-field",
  schema: { user: { fields: { motto: { type: "string", required: false, input: false } } } },
  endpoints: {
    setMotto: defineEndpoint(
      { method: "POST", path: "/motto/set", session: "required", body: z.object({ motto: z.string().max(50) }) },
      async (ctx) => {
        const row = await ctx.auth.users.update(ctx.session.user.id, { motto: ctx.body.motto });
        if (!row) throw new Error("user gone");
        return { user: refreshSessionUser(ctx, row), inContext: ctx.session.user.motto };
      },
    ),
  },
});

describe("refreshSessionUser", () => {
  for (const cookieCache of [false, true]) {
    it(`makes get-session show the changed user (cookie cache ${cookieCache ? "on" : "off"})`, async () => {
      const auth = makeTestAuth({
        plugins: [userField],
        session: { cookieCache: { enabled: cookieCache, maxAge: 300 } },
      });
      const { client } = await signUpUser(auth);
      // Prime the cache with the old user first, so a stale cache would show.
      expect((await client.get("/get-session")).body.user.motto ?? null).toBeNull();
      const r = await client.post("/motto/set", { motto: "carpe diem" });
      expect(r.body).toMatchObject({ user: { motto: "carpe diem" }, inContext: "carpe diem" });
      expect(r.headers.get("set-cookie")?.includes("session_data") ?? false).toBe(cookieCache);
      expect((await client.get("/get-session")).body.user.motto).toBe("carpe diem");
    });
  }
});
