// The client's reactions to the outside world: exponential retries, callbacks, redirects, window
// focus, other tabs, and the store's mount/cleanup — each through createAuthClient, as an app uses it.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createAuthClient } from "./create-auth-client.js";
import { retryDelays } from "./fetch-json.js";

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const session = (id: string) => ({ session: { id }, user: { id: `u-${id}`, email: `${id}@example.com` } });

/** A fetch that answers get-session with the current value of `state.session` and counts calls. */
function sessionServer() {
  const state = { session: session("one") as unknown, calls: [] as string[] };
  const fetcher = (async (input: string | URL | Request) => {
    const url = String(input);
    state.calls.push(url);
    return json(state.session);
  }) as typeof fetch;
  return { state, fetcher };
}

const restore: (() => void)[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const undo of restore.splice(0)) undo();
});

/** A minimal `window` for focus events; removed after the test. */
function fakeWindow() {
  const target = new EventTarget();
  const win = Object.assign(target, { location: { href: "http://localhost/" } });
  (globalThis as Record<string, unknown>).window = win;
  restore.push(() => {
    delete (globalThis as Record<string, unknown>).window;
  });
  return win;
}

describe("retries and callbacks", () => {
  it("exponential retries double the wait up to maxDelay, and stop at the first success", async () => {
    expect(retryDelays({ type: "exponential", attempts: 4, baseDelay: 100, maxDelay: 500 })).toEqual([
      100, 200, 400, 500,
    ]);
    vi.useFakeTimers();
    const times: number[] = [];
    let n = 0;
    const fetcher = (async () => {
      times.push(Date.now());
      n++;
      return n < 3 ? json({ message: "busy" }, 503) : json({ ok: true });
    }) as typeof fetch;
    const client = createAuthClient({ baseURL: "http://localhost", fetchOptions: { fetch: fetcher } });
    const pending = client.$fetch("/ok", {
      retry: { type: "exponential", attempts: 5, baseDelay: 100 },
    });
    await vi.runAllTimersAsync();
    const result = await pending;
    expect(result).toEqual({ data: { ok: true }, error: null });
    expect(times.map((t) => t - (times[0] ?? 0))).toEqual([0, 100, 300]);
  });

  it("calls onSuccess with the data and onError with the error, per call and from the client's defaults", async () => {
    const seen: string[] = [];
    let status = 200;
    const fetcher = (async () =>
      status === 200 ? json({ ok: true }) : json({ code: "NOPE", message: "Nope" }, status)) as typeof fetch;
    const client = createAuthClient({
      baseURL: "http://localhost",
      fetchOptions: { fetch: fetcher, onError: (e) => seen.push(`default error ${e.code}`) },
    });
    await client.$fetch("/ok", { onSuccess: (d) => seen.push(`success ${JSON.stringify(d)}`) });
    status = 403;
    await client.$fetch("/ok");
    await client.$fetch("/ok", { onError: (e) => seen.push(`call error ${e.status} ${e.message}`) });
    expect(seen).toEqual(['success {"ok":true}', "default error NOPE", "call error 403 Nope"]);
  });
});

describe("redirects", () => {
  it("a {url, redirect: true} answer navigates the browser; redirect: false does not", async () => {
    const win = fakeWindow();
    let body: unknown = { url: "https://github.com/login/oauth/authorize?x=1", redirect: true };
    const fetcher = (async () => json(body)) as typeof fetch;
    const client = createAuthClient({ baseURL: "http://localhost", fetchOptions: { fetch: fetcher } });
    await client.signIn.social({ provider: "github" });
    expect(win.location.href).toBe("https://github.com/login/oauth/authorize?x=1");
    body = { url: "https://elsewhere.example/", redirect: false };
    await client.signIn.social({ provider: "github", disableRedirect: true });
    expect(win.location.href).toBe("https://github.com/login/oauth/authorize?x=1");
  });
});

describe("session store and the outside world", () => {
  it("refetches on window focus while subscribed, and not after the last subscriber left", async () => {
    const win = fakeWindow();
    const { state, fetcher } = sessionServer();
    const client = createAuthClient({ baseURL: "http://localhost", fetchOptions: { fetch: fetcher } });
    const values: unknown[] = [];
    const stop = client.$session.listen((s) => values.push(s.data));
    await vi.waitFor(() => expect(client.$session.get().data).toEqual(session("one")));
    const before = state.calls.length;

    state.session = session("two");
    win.dispatchEvent(new Event("focus"));
    await vi.waitFor(() => expect(client.$session.get().data).toEqual(session("two")));
    expect(state.calls.length).toBe(before + 1);

    stop();
    // nanostores keeps the store mounted for SPEC.md §9's 1000 ms cleanup delay, then unmounts it.
    await new Promise((r) => setTimeout(r, 1100));
    const afterCleanup = state.calls.length;
    win.dispatchEvent(new Event("focus"));
    await new Promise((r) => setTimeout(r, 20));
    expect(state.calls.length).toBe(afterCleanup);
  });

  it("a sign-out in one tab refreshes the session in another (BroadcastChannel)", async () => {
    const tabA = sessionServer();
    const tabB = sessionServer();
    const a = createAuthClient({ baseURL: "http://localhost", fetchOptions: { fetch: tabA.fetcher } });
    const b = createAuthClient({ baseURL: "http://localhost", fetchOptions: { fetch: tabB.fetcher } });
    const stopB = b.$session.listen(() => {});
    await vi.waitFor(() => expect(b.$session.get().data).toEqual(session("one")));

    // The server now says nobody is signed in; tab A signs out, tab B must learn it without a focus.
    tabB.state.session = null;
    tabA.state.session = { success: true };
    await a.signOut();
    await vi.waitFor(() => expect(b.$session.get().data).toBeNull());
    expect(b.$session.get().isPending).toBe(false);
    stopB();
  });
});
