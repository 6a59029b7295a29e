import { describe, expect, it, vi } from "vitest";
import { makeTestAuth, signUpUser } from "../testing/make-test-auth.js";
import { defineEndpoint } from "./define-endpoint.js";
import { definePlugin } from "../plugins/plugin-types.js";

// A sensitive endpoint the way a plugin declares one: it needs a session signed in recently.
const sensitive = defineEndpoint({ method: "POST", path: "/sensitive", session: "fresh" }, async (ctx) => ({
  userId: ctx.session.user.id,
}));

describe("fresh-session middleware", () => {
  it("accepts a session younger than freshAge and refuses an older one with 403 SESSION_NOT_FRESH", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const auth = makeTestAuth({
        session: { freshAge: 300, expiresIn: 86_400, updateAge: 86_400 },
        plugins: [definePlugin({ id: "sensitive", endpoints: { sensitive } })],
      });
      const { client, userId } = await signUpUser(auth);
      const ok = await client.post("/sensitive", {});
      expect(ok.status).toBe(200);
      expect(ok.body.userId).toBe(userId);
      vi.advanceTimersByTime(301_000);
      const stale = await client.post("/sensitive", {});
      expect(stale.status).toBe(403);
      expect(stale.body).toMatchObject({ code: "SESSION_NOT_FRESH", message: "Session is not fresh" });
      // Still a valid session for everything else.
      expect((await client.get("/get-session")).body.user.id).toBe(userId);
    } finally {
      vi.useRealTimers();
    }
  });
});
