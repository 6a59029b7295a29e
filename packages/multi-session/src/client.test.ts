// The client plugin against the real server: list, switch and revoke reach their routes, the session
// store follows a switch, and the $deviceSessions store follows sign-ins. The client comes from its
// package's sources (a relative import: this package does not depend on @gatehouse-auth/client).
import type { Auth } from "@gatehouse-auth/core";
import { describe, expect, it, vi } from "vitest";
import { createAuthClient } from "../../client/src/index.js";
import { multiSessionClient } from "./client.js";
import { PASSWORD, createTestClient, makeMultiAuth, newAccount } from "./test-helpers.js";

/** A browser-like fetch over auth.handler with a cookie jar (the test client's jar). */
function browserFetch(auth: Auth) {
  const browser = createTestClient(auth);
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    const path = url.pathname.slice(auth.options.basePath.length) + url.search;
    const r = await browser.request(init.method ?? "GET", path, body);
    return new Response(r.text, { status: r.status, headers: r.headers });
  }) as typeof fetch;
}

describe("multiSessionClient", () => {
  it("lists, switches (the session store follows) and revokes; $deviceSessions follows sign-ins", async () => {
    const { auth } = makeMultiAuth();
    const [a, b] = [await newAccount(auth, "a"), await newAccount(auth, "b")];
    const client = createAuthClient({
      baseURL: "http://localhost:3000",
      fetchOptions: { fetch: browserFetch(auth) },
      plugins: [multiSessionClient()],
    });
    const devices: number[] = [];
    const offDevices = client.$deviceSessions.subscribe((s: { data: unknown[] | null }) => {
      if (s.data) devices.push(s.data.length);
    });
    expect((await client.signIn.email({ email: a.email, password: PASSWORD })).error).toBeNull();
    await vi.waitFor(() => expect(devices.at(-1)).toBe(1));
    const signedB = await client.signIn.email({ email: b.email, password: PASSWORD });
    expect(signedB.error).toBeNull();
    await vi.waitFor(() => expect(devices.at(-1)).toBe(2));

    const list = await client.multiSession.listDeviceSessions();
    expect(list.error).toBeNull();
    expect(list.data?.map((s) => s.user.email)).toEqual([a.email, b.email]);
    const aId = list.data?.[0]?.session.id ?? "";
    expect(list.data?.map((s) => s.session.current)).toEqual([false, true]);

    const states: (string | null)[] = [];
    const offSession = client.$session.subscribe((s: { data: { user: { email: string } } | null }) =>
      states.push(s.data?.user.email ?? null),
    );
    const switched = await client.multiSession.setActive({ sessionId: aId });
    expect(switched.error).toBeNull();
    expect(switched.data?.user.id).toBe(a.userId);
    await vi.waitFor(() => expect(states.at(-1)).toBe(a.email));

    const refused = await client.multiSession.setActive({ sessionId: "not-a-session-of-this-device" });
    expect(refused.error?.status).toBe(403);

    const revoked = await client.multiSession.revoke({ sessionId: aId });
    expect(revoked.data).toEqual({ status: true });
    await vi.waitFor(() => expect(states.at(-1)).toBe(b.email));
    await vi.waitFor(() => expect(devices.at(-1)).toBe(1));
    offSession();
    offDevices();
    client.$store.dispose();
  });
});
