// The client half end to end: @gatehouse-auth/client (from its source; this package does not depend on it)
// keeping set-auth-token through bearerFetchOptions and authenticating with it, no cookie involved.
import { makeTestAuth } from "@gatehouse-auth/core/testing";
import { describe, expect, it } from "vitest";
import { createAuthClient } from "@gatehouse-auth/client";
import { bearer } from "./bearer-plugin.js";
import { bearerFetchOptions } from "./client.js";

describe("bearerFetchOptions", () => {
  it("keeps the token sign-up hands out and signs every later call in with it, cookie-less", async () => {
    const auth = makeTestAuth({ plugins: [bearer()] });
    let stored: string | null = null;
    // A fetch with no cookie jar, as in a native app: only the header can carry the session.
    const cookieless = ((input: string | URL | Request, init?: RequestInit) =>
      auth.handler(new Request(input, init))) as typeof fetch;
    const client = createAuthClient({
      baseURL: "http://localhost:3000",
      fetchOptions: {
        fetch: cookieless,
        headers: { origin: "http://localhost:3000" },
        ...bearerFetchOptions({
          get: () => stored,
          set: (t) => {
            stored = t;
          },
        }),
      },
    });
    const up = await client.signUp.email({ name: "C", email: "client@example.com", password: "password-123" });
    expect(up.error).toBeNull();
    expect(stored).toMatch(/\./);
    const s = await client.getSession();
    expect(s.data?.user.email).toBe("client@example.com");
    stored = null;
    expect((await client.getSession()).data).toBeNull();
  });
});
