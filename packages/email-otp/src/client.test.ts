// The client plugin against the real server: `emailOtp.*` and `signIn.emailOtp` reach their routes and the
// session store follows a sign-in by code. The client comes from its package's sources (a relative import:
// this package does not depend on @gatehouse-auth/client).
import type { Auth } from "@gatehouse-auth/core";
import { createTestClient } from "@gatehouse-auth/core/testing";
import { describe, expect, it, vi } from "vitest";
import { createAuthClient } from "@gatehouse-auth/client";
import { emailOTPClient } from "./client.js";
import { flush, makeOtpAuth, newEmail } from "./test-helpers.js";

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

describe("emailOTPClient", () => {
  it("asks for a code and signs in with it; the session store follows", async () => {
    const env = makeOtpAuth();
    const client = createAuthClient({
      baseURL: "http://localhost:3000",
      fetchOptions: { fetch: browserFetch(env.auth) },
      plugins: [emailOTPClient()],
    });
    const email = newEmail();
    const sent = await client.emailOtp.sendVerificationOtp({ email, type: "sign-in" });
    expect(sent.data).toEqual({ success: true });
    await flush();
    const wrong = await client.signIn.emailOtp({ email, otp: env.lastOtp(email) === "000000" ? "111111" : "000000" });
    expect(wrong.error?.status).toBe(400);
    const states: (string | null)[] = [];
    const unsubscribe = client.$session.subscribe((s: { data: { user: { email: string } } | null }) =>
      states.push(s.data?.user.email ?? null),
    );
    const r = await client.signIn.emailOtp({ email, otp: env.lastOtp(email) });
    expect(r.error).toBeNull();
    expect(r.data?.user.email).toBe(email);
    await vi.waitFor(() => expect(states.at(-1)).toBe(email));
    unsubscribe();
    client.$store.dispose();
  });
});
