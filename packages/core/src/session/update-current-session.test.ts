import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineEndpoint } from "../api/define-endpoint.js";
import { definePlugin } from "../plugins/plugin-types.js";
import { makeTestAuth, signUpUser } from "../testing/make-test-auth.js";
import { updateCurrentSession } from "./update-current-session.js";

const sessionField = definePlugin({
  id: "session-field",
  schema: { session: { fields: { activeThing: { type: "string", required: false, input: false } } } },
  endpoints: {
    setThing: defineEndpoint(
      {
        method: "POST",
        path: "/thing/set",
        session: "required",
        body: z.object({ thing: z.string().nullable() }),
      },
      async (ctx) => {
        const session = await updateCurrentSession(ctx, { activeThing: ctx.body.thing });
        return { activeThing: session?.activeThing ?? null, inContext: ctx.session.session.activeThing ?? null };
      },
    ),
  },
});

describe("updateCurrentSession", () => {
  for (const cookieCache of [false, true]) {
    it(`updates the caller's session row and what get-session answers (cookie cache ${cookieCache ? "on" : "off"})`, async () => {
      const auth = makeTestAuth({
        plugins: [sessionField],
        session: { cookieCache: { enabled: cookieCache, maxAge: 300 } },
      });
      const { client } = await signUpUser(auth);
      const other = await signUpUser(auth);
      const set = await client.post("/thing/set", { thing: "t-1" });
      expect(set.body).toEqual({ activeThing: "t-1", inContext: "t-1" });
      expect((await client.get("/get-session")).body.session.activeThing).toBe("t-1");
      expect(
        (await client.get("/get-session", { query: { disableCookieCache: "true" } })).body.session.activeThing,
      ).toBe("t-1");
      // another user's session is untouched
      expect((await other.client.get("/get-session")).body.session.activeThing ?? null).toBeNull();
      await client.post("/thing/set", { thing: null });
      expect((await client.get("/get-session")).body.session.activeThing).toBeNull();
    });
  }
});
