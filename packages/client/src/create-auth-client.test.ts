import { makeTestAuth } from "@gatehouse-auth/core/testing";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createAuthClient } from "./create-auth-client.js";
import { inferAdditionalFields } from "./infer-additional-fields.js";
import { pathFor } from "./route-path.js";

/** Records requests and answers from a script. */
function scripted(answers: ((url: string, init: RequestInit) => Response | Promise<Response>)[]) {
  const calls: { url: string; method: string; body: unknown; credentials?: RequestCredentials }[] = [];
  const fetcher = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({
      url,
      method: init.method ?? "GET",
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      credentials: init.credentials,
    });
    const answer = answers.shift();
    if (!answer) throw new TypeError("fetch failed");
    return answer(url, init);
  }) as typeof fetch;
  return { fetcher, calls };
}
const ok = (body: unknown) => () => new Response(JSON.stringify(body), { status: 200 });

afterEach(() => vi.useRealTimers());

describe("client proxy", () => {
  it("derives paths in kebab-case", () => {
    expect(pathFor(["organization", "createTeam"])).toBe("/organization/create-team");
    expect(pathFor(["signIn", "email"])).toBe("/sign-in/email");
  });

  it("hands every successful answer to the plugins' onSuccess, errors not", async () => {
    const seen: unknown[] = [];
    const { fetcher } = scripted([ok({ twoFactorRedirect: true }), () => new Response("{}", { status: 401 })]);
    const plugin = { id: "spy", onSuccess: (data: unknown) => void seen.push(data) };
    const client = createAuthClient({
      baseURL: "http://app.test",
      plugins: [plugin],
      fetchOptions: { fetch: fetcher },
    });
    await client.signIn.email({ email: "a@b.co", password: "pw-123456" });
    await client.signIn.email({ email: "a@b.co", password: "pw-123456" });
    expect(seen).toEqual([{ twoFactorRedirect: true }]);
  });

  it("uses the routes table for method and path, and includes credentials", async () => {
    const { fetcher, calls } = scripted([ok({ token: "t" }), ok([])]);
    const client = createAuthClient({ baseURL: "http://app.test", fetchOptions: { fetch: fetcher } });
    const r = await client.signIn.email({ email: "a@b.co", password: "pw-123456" });
    expect(r).toEqual({ data: { token: "t" }, error: null });
    expect(calls[0]).toMatchObject({
      url: "http://app.test/api/auth/sign-in/email",
      method: "POST",
      body: { email: "a@b.co", password: "pw-123456" },
      credentials: "include",
    });
    await client.listSessions();
    expect(calls[1]).toMatchObject({ url: "http://app.test/api/auth/list-sessions", method: "GET", body: undefined });
  });

  it("falls back to GET without a body and POST with one for routes it does not know", async () => {
    const { fetcher, calls } = scripted([ok({}), ok({})]);
    const client = createAuthClient({ baseURL: "http://app.test", fetchOptions: { fetch: fetcher } });
    await client.organization.listTeams();
    await client.organization.createTeam({ name: "x" });
    expect(calls.map((c) => `${c.method} ${new URL(c.url).pathname}`)).toEqual([
      "GET /api/auth/organization/list-teams",
      "POST /api/auth/organization/create-team",
    ]);
  });

  it("plugin routes tables override the fallback", async () => {
    const { fetcher, calls } = scripted([ok({})]);
    const client = createAuthClient({
      baseURL: "http://app.test",
      fetchOptions: { fetch: fetcher },
      plugins: [
        {
          id: "x",
          routes: {
            "organization.getFullOrganization": { method: "GET", path: "/organization/get-full-organization" },
          },
        },
      ],
    });
    await client.organization.getFullOrganization({ organizationId: "o1" });
    expect(calls[0]).toMatchObject({
      method: "GET",
      url: "http://app.test/api/auth/organization/get-full-organization?organizationId=o1",
    });
  });

  it("answers network failures and error statuses with {data: null, error}, never a throw", async () => {
    const { fetcher } = scripted([
      () =>
        new Response(JSON.stringify({ code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" }), {
          status: 401,
        }),
    ]);
    const onError = vi.fn();
    const client = createAuthClient({ baseURL: "http://app.test", fetchOptions: { fetch: fetcher, onError } });
    const refused = await client.signIn.email({ email: "a@b.co", password: "x" });
    expect(refused).toEqual({
      data: null,
      error: { status: 401, code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" },
    });
    expect(onError).toHaveBeenCalledOnce();
    const offline = await client.ok();
    expect(offline.data).toBeNull();
    expect(offline.error).toMatchObject({ status: 0, code: "NETWORK_ERROR" });
  });

  it("retries a number of times 1000 ms apart, only for network failures and 5xx", async () => {
    vi.useFakeTimers();
    const { fetcher, calls } = scripted([
      () => new Response("", { status: 503 }),
      () => Promise.reject(new TypeError("down")),
      ok({ ok: true }),
    ]);
    const client = createAuthClient({ baseURL: "http://app.test", fetchOptions: { fetch: fetcher } });
    const pending = client.ok(undefined, { retry: 3 });
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await pending).toEqual({ data: { ok: true }, error: null });
    expect(calls).toHaveLength(3);

    const refused = scripted([() => new Response("{}", { status: 400 }), ok({})]);
    const c2 = createAuthClient({ baseURL: "http://app.test", fetchOptions: { fetch: refused.fetcher, retry: 3 } });
    expect((await c2.ok()).error?.status).toBe(400);
    expect(refused.calls).toHaveLength(1);
  });
});

describe("client against a real server", () => {
  /** A browser-like fetch over auth.handler with a cookie jar. */
  function browserFetch(auth: ReturnType<typeof makeTestAuth>) {
    const jar = new Map<string, string>();
    return (async (input: string | URL | Request, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      headers.set("origin", "http://localhost:3000");
      if (jar.size) headers.set("cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
      const res = await auth.handler(new Request(String(input), { ...init, headers }), { clientAddress: "127.0.0.1" });
      for (const line of res.headers.getSetCookie()) {
        const [pair = ""] = line.split(";");
        const eq = pair.indexOf("=");
        const value = pair.slice(eq + 1);
        if (value === "" || /max-age=0/i.test(line)) jar.delete(pair.slice(0, eq));
        else jar.set(pair.slice(0, eq), value);
      }
      return res;
    }) as typeof fetch;
  }

  it("signs up, and the session store moves pending → data → refetched after sign-out", async () => {
    const auth = makeTestAuth();
    const client = createAuthClient({ baseURL: "http://localhost:3000", fetchOptions: { fetch: browserFetch(auth) } });
    const states: { pending: boolean; email: string | null }[] = [];
    const unsubscribe = client.$session.subscribe(
      (s: { isPending: boolean; data: { user: { email: string } } | null }) =>
        states.push({ pending: s.isPending, email: s.data?.user.email ?? null }),
    );
    expect(states[0]).toEqual({ pending: true, email: null });
    await vi.waitFor(() => expect(states.at(-1)).toEqual({ pending: false, email: null }));
    const up = await client.signUp.email({ name: "C", email: "c@example.com", password: "password-123" });
    expect(up.error).toBeNull();
    await vi.waitFor(() => expect(states.at(-1)).toEqual({ pending: false, email: "c@example.com" }));
    await client.signOut();
    await vi.waitFor(() => expect(states.at(-1)).toEqual({ pending: false, email: null }));
    unsubscribe();
    client.$store.dispose();
  });

  it("carries the app's additional user fields to sign-up, update-user and the session", async () => {
    const fields = {
      user: {
        additionalFields: {
          age: { type: "number", required: true },
          nickname: { type: "string" },
          secret: { type: "string", returned: false },
        },
      },
    } as const;
    const auth = makeTestAuth(fields);
    const client = createAuthClient({
      baseURL: "http://localhost:3000",
      fetchOptions: { fetch: browserFetch(auth) },
      plugins: [inferAdditionalFields<typeof fields>()],
    });
    const up = await client.signUp.email({ name: "F", email: "f@example.com", password: "password-123", age: 41 });
    expect(up.error).toBeNull();
    expect(up.data?.user.age).toBe(41);
    // The server refuses what the types refuse: a missing required field.
    // @ts-expect-error age is required at sign-up
    const missing = await client.signUp.email({ name: "G", email: "g@example.com", password: "password-123" });
    expect(missing.error?.status).toBe(400);
    expect((await client.updateUser({ nickname: "effie", secret: "s" })).error).toBeNull();
    const session = await client.getSession();
    expect(session.data?.user).toMatchObject({ email: "f@example.com", age: 41, nickname: "effie" });
    expect(session.data?.user).not.toHaveProperty("secret");
    client.$store.dispose();
  });

  it("concurrent refetches share one get-session request", async () => {
    const auth = makeTestAuth();
    const fetcher = browserFetch(auth);
    let count = 0;
    const counting = ((input: string | URL | Request, init?: RequestInit) => {
      if (String(input).includes("/get-session")) count++;
      return fetcher(input, init);
    }) as typeof fetch;
    const client = createAuthClient({ baseURL: "http://localhost:3000", fetchOptions: { fetch: counting } });
    await Promise.all([client.$store.refetch(), client.$store.refetch(), client.$store.refetch()]);
    expect(count).toBe(1);
    client.$store.dispose();
  });
});
