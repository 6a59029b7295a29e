// The client plugin against the real server: `signIn.username` and `isUsernameAvailable` reach their
// routes and the session store follows a username sign-in. The client comes from its package's sources
// (a relative import: this package does not depend on @gatehouse-auth/client).
import { createTestClient } from "@gatehouse-auth/core/testing";
import type { Auth } from "@gatehouse-auth/core";
import { describe, expect, it, vi } from "vitest";
import { createAuthClient } from "@gatehouse-auth/client";
import { usernameClient } from "./client.js";
import { PASSWORD, makeUsernameAuth } from "./test-helpers.js";

/** A browser-like fetch over auth.handler with a cookie jar (the test client's jar). */
function browserFetch(auth: Auth) {
  const browser = createTestClient(auth);
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    const path = url.pathname.slice(auth.options.basePath.length);
    const r = await browser.request(init.method ?? "GET", path, body);
    return new Response(r.text, { status: r.status, headers: r.headers });
  }) as typeof fetch;
}

describe("usernameClient", () => {
  it("signs in by username (the session store follows) and asks for availability", async () => {
    const auth = makeUsernameAuth();
    const up = await createTestClient(auth).post("/sign-up/email", {
      name: "C",
      email: "client@example.com",
      password: PASSWORD,
      username: "Client_User",
    });
    expect(up.status).toBe(200);
    const client = createAuthClient({
      baseURL: "http://localhost:3000",
      fetchOptions: { fetch: browserFetch(auth) },
      plugins: [usernameClient()],
    });
    expect((await client.isUsernameAvailable({ username: "client_user" })).data).toEqual({ available: false });
    expect((await client.isUsernameAvailable({ username: "someone_else" })).data).toEqual({ available: true });
    const wrong = await client.signIn.username({ username: "client_user", password: "wrong-password" });
    expect(wrong.error?.status).toBe(401);
    const states: (string | null)[] = [];
    const unsubscribe = client.$session.subscribe((s: { data: { user: { email: string } } | null }) =>
      states.push(s.data?.user.email ?? null),
    );
    const r = await client.signIn.username({ username: "CLIENT_USER", password: PASSWORD });
    expect(r.error).toBeNull();
    expect(r.data?.user.id).toBe(up.body.user.id);
    await vi.waitFor(() => expect(states.at(-1)).toBe("client@example.com"));
    unsubscribe();
    client.$store.dispose();
  });
});
