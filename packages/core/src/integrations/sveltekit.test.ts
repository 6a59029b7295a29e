import { describe, expect, it } from "vitest";
import { makeTestAuth } from "../testing/make-test-auth.js";
import { type SvelteKitEventLike, getSession, toSvelteKitHandler } from "./sveltekit.js";

// The real SvelteKit app is tested in examples/sveltekit (vite build with adapter-node, then node
// build); this checks the hook's contract without SvelteKit: what it answers, what it passes on.
const origin = "http://localhost:3000";

function event(path: string, init: RequestInit = {}, address: string | (() => string) = "203.0.113.7") {
  const request = new Request(`${origin}${path}`, init);
  return {
    request,
    url: new URL(request.url),
    getClientAddress: typeof address === "function" ? address : () => address,
  } satisfies SvelteKitEventLike;
}

const passedOn = () => {
  const seen: string[] = [];
  const resolve = async (e: SvelteKitEventLike) => {
    seen.push(e.url.pathname);
    return new Response("app page", { status: 200 });
  };
  return { seen, resolve };
};

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", origin, ...headers },
  body: JSON.stringify(body),
});

const cookieOf = (r: Response) =>
  r.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

describe("toSvelteKitHandler", () => {
  it("answers under basePath through auth.handler; getSession reads the cookie it set", async () => {
    const auth = makeTestAuth();
    const handle = toSvelteKitHandler(auth);
    const { seen, resolve } = passedOn();
    const email = `sk-${Math.random().toString(36).slice(2)}@example.com`;
    const up = await handle({
      event: event("/api/auth/sign-up/email", json({ name: "S", email, password: "password-123" })),
      resolve,
    });
    expect(up.status).toBe(200);
    const cookie = cookieOf(up);
    expect(cookie).toMatch(/gatehouse\.session_token=/);
    const session = await handle({ event: event("/api/auth/get-session", { headers: { cookie } }), resolve });
    expect((await session.json()).user.email).toBe(email);
    expect(seen).toEqual([]);
    expect((await getSession(auth, event("/", { headers: { cookie } })))?.user.email).toBe(email);
    expect(await getSession(auth, event("/"))).toBeNull();
    expect(
      await getSession(auth, event("/", { headers: { cookie: "gatehouse.session_token=forged.sig" } })),
    ).toBeNull();
  });

  it("passes every other path on to resolve, including ones that only start like basePath", async () => {
    const auth = makeTestAuth();
    const handle = toSvelteKitHandler(auth);
    const { seen, resolve } = passedOn();
    for (const path of ["/", "/dashboard", "/api/authx/get-session", "/api/auth-admin", "/api"]) {
      const r = await handle({ event: event(path), resolve });
      expect(await r.text()).toBe("app page");
    }
    expect(seen).toEqual(["/", "/dashboard", "/api/authx/get-session", "/api/auth-admin", "/api"]);
    // basePath itself is ours (a 404 from Gatehouse, not the app's page).
    const root = await handle({ event: event("/api/auth"), resolve });
    expect(root.status).toBe(404);
    expect(seen).toHaveLength(5);
  });

  it("keeps the shared origin check and body rules: a cross-site write is 403, a form 415, bad JSON 400", async () => {
    const auth = makeTestAuth();
    const handle = toSvelteKitHandler(auth);
    const { resolve } = passedOn();
    const email = `sk-${Math.random().toString(36).slice(2)}@example.com`;
    const cross = await handle({
      event: event(
        "/api/auth/sign-up/email",
        json({ name: "S", email, password: "password-123" }, { origin: "https://evil.example" }),
      ),
      resolve,
    });
    expect(cross.status).toBe(403);
    expect((await cross.json()).code).toBe("INVALID_ORIGIN");
    const form = await handle({
      event: event("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin },
        body: "email=a%40example.com&password=x",
      }),
      resolve,
    });
    expect(form.status).toBe(415);
    const broken = await handle({
      event: event("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin },
        body: '{"email": ',
      }),
      resolve,
    });
    expect(broken.status).toBe(400);
    expect(typeof (await broken.json()).code).toBe("string");
    // A malformed Host is refused as toNodeHandler refuses it, before it can reach a link or redirect.
    const badHost = await handle({
      event: event("/api/auth/get-session", { headers: { host: "evil.example/x?" } }),
      resolve,
    });
    expect(badHost.status).toBe(400);
    expect((await badHost.json()).code).toBe("BAD_REQUEST");
  });

  it("gives the rate limiter the adapter's client address, and survives an adapter that has none", async () => {
    const auth = makeTestAuth({
      rateLimit: { enabled: true, window: 60, max: 100, customRules: { "/ok": { window: 60, max: 2 } } },
    });
    const handle = toSvelteKitHandler(auth);
    const { resolve } = passedOn();
    const ok = (address: string | (() => string)) => handle({ event: event("/api/auth/ok", {}, address), resolve });
    expect((await ok("198.51.100.1")).status).toBe(200);
    expect((await ok("198.51.100.1")).status).toBe(200);
    expect((await ok("198.51.100.1")).status).toBe(429);
    // Another client is counted on its own.
    expect((await ok("198.51.100.2")).status).toBe(200);
    // getClientAddress throwing (prerendering, an adapter without it) is no crash.
    const none = await ok(() => {
      throw new Error("no address");
    });
    expect(none.status).toBeLessThan(500);
  });
});
