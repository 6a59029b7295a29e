import { describe, expect, it } from "vitest";
import { makeTestAuth } from "../testing/make-test-auth.js";
import { getSession, toNextJsHandler } from "./next.js";

// The real Next.js app is tested in examples/nextjs (next build + next start); this checks the
// exports' contract without Next: every method reaches the auth routes with the Request untouched.
const origin = "http://localhost:3000";

describe("toNextJsHandler", () => {
  it("answers every method a route file exports, through auth.handler", async () => {
    const auth = makeTestAuth();
    const handlers = toNextJsHandler(auth);
    expect(Object.keys(handlers).sort()).toEqual(["DELETE", "GET", "OPTIONS", "PATCH", "POST", "PUT"]);
    const email = `n-${Math.random().toString(36).slice(2)}@example.com`;
    const up = await handlers.POST(
      new Request(`${origin}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin },
        body: JSON.stringify({ name: "N", email, password: "password-123" }),
      }),
    );
    expect(up.status).toBe(200);
    const cookie = up.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const session = await handlers.GET(new Request(`${origin}/api/auth/get-session`, { headers: { cookie } }));
    expect((await session.json()).user.email).toBe(email);
    expect((await getSession(auth, new Headers({ cookie })))?.user.email).toBe(email);
    // A method no auth route takes is a 4xx from Gatehouse, not a crash.
    const put = await handlers.PUT(
      new Request(`${origin}/api/auth/get-session`, { method: "PUT", headers: { origin } }),
    );
    expect(put.status).toBeGreaterThanOrEqual(400);
    expect(put.status).toBeLessThan(500);
    expect(await getSession(auth, new Headers())).toBeNull();
  });
});
