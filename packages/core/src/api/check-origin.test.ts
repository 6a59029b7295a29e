import { describe, expect, it } from "vitest";
import type { AuthOptions } from "../options/auth-options.js";
import { makeTestAuth, signUpUser } from "../testing/make-test-auth.js";

const BASE = "http://localhost:3000/api/auth";
const EMAIL = "victim-or-attacker@example.com";
const PASSWORD = "password-123";

/** A request exactly as given: no Origin, cookie or content type is added behind the test's back. */
async function send(
  auth: ReturnType<typeof makeTestAuth>,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
) {
  const res = await auth.handler(new Request(BASE + path, { method, headers, body }));
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : null };
}

const json = { "content-type": "application/json" };
const signIn = JSON.stringify({ email: EMAIL, password: PASSWORD });

async function setup(options: Partial<AuthOptions> = {}) {
  const auth = makeTestAuth(options);
  await auth.api.signUpEmail({ body: { name: "Attacker", email: EMAIL, password: PASSWORD } });
  return auth;
}

describe("origin check on state-changing requests (login CSRF)", () => {
  it("refuses a cookieless sign-in from an untrusted Origin and sets no session cookie", async () => {
    const auth = await setup();
    const r = await send(auth, "POST", "/sign-in/email", { ...json, origin: "https://evil.example" }, signIn);
    expect(r.status).toBe(403);
    expect(r.body.code).toBe("INVALID_ORIGIN");
    expect(r.headers.getSetCookie()).toEqual([]);
    const signUp = await send(
      auth,
      "POST",
      "/sign-up/email",
      { ...json, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      JSON.stringify({ name: "N", email: "new@example.com", password: PASSWORD }),
    );
    expect(signUp.status).toBe(403);
  });

  it("refuses Sec-Fetch-Site: cross-site without a trusted Origin, accepts a listed cross-site frontend", async () => {
    const auth = await setup({ trustedOrigins: ["http://localhost:5173"] });
    const noOrigin = await send(auth, "POST", "/sign-in/email", { ...json, "sec-fetch-site": "cross-site" }, signIn);
    expect(noOrigin.status).toBe(403);
    expect(noOrigin.body.code).toBe("MISSING_ORIGIN");
    const evil = await send(
      auth,
      "POST",
      "/sign-in/email",
      { ...json, "sec-fetch-site": "cross-site", origin: "https://evil.example" },
      signIn,
    );
    expect(evil.status).toBe(403);
    // A dev server on localhost:5173 calling 127.0.0.1 is cross-site to the browser, but listed.
    const vite = await send(
      auth,
      "POST",
      "/sign-in/email",
      { ...json, "sec-fetch-site": "cross-site", origin: "http://localhost:5173" },
      signIn,
    );
    expect(vite.status).toBe(200);
  });

  it("treats Origin: null as untrusted, even with a `*` pattern, unless the browser says same-origin", async () => {
    const auth = await setup({ trustedOrigins: ["*"] });
    // A sandboxed iframe or data: page on the attacker's site, no Referer.
    const sandboxed = await send(
      auth,
      "POST",
      "/sign-in/email",
      { ...json, origin: "null", "sec-fetch-site": "cross-site" },
      signIn,
    );
    expect(sandboxed.status).toBe(403);
    expect(sandboxed.body.code).toBe("MISSING_ORIGIN");
    const bare = await send(auth, "POST", "/sign-in/email", { ...json, origin: "null" }, signIn);
    expect(bare.status).toBe(403);
    // The app's own page with Referrer-Policy: no-referrer: the browser sends Origin: null on a POST.
    const ownPage = await send(
      auth,
      "POST",
      "/sign-in/email",
      { ...json, origin: "null", "sec-fetch-site": "same-origin" },
      signIn,
    );
    expect(ownPage.status).toBe(200);
  });

  it("does not trust a sibling subdomain for being same-site; listing it does", async () => {
    const closed = await setup({ baseURL: "https://auth.example.com" });
    const sibling = { ...json, origin: "https://blog.example.com", "sec-fetch-site": "same-site" };
    expect((await send(closed, "POST", "/sign-in/email", sibling, signIn)).status).toBe(403);
    const noOrigin = { ...json, "sec-fetch-site": "same-site" };
    expect((await send(closed, "POST", "/sign-in/email", noOrigin, signIn)).status).toBe(403);
    const listed = await setup({ baseURL: "https://auth.example.com", trustedOrigins: ["https://*.example.com"] });
    expect((await send(listed, "POST", "/sign-in/email", sibling, signIn)).status).toBe(200);
  });

  it("wildcard origins match subdomains only, never look-alike hosts", async () => {
    const auth = await setup({ trustedOrigins: ["https://*.example.com"] });
    const from = (origin: string) => send(auth, "POST", "/sign-in/email", { ...json, origin }, signIn);
    expect((await from("https://app.example.com")).status).toBe(200);
    expect((await from("https://a.b.example.com")).status).toBe(200);
    for (const origin of [
      "https://example.com.evil.io",
      "https://evil-example.com",
      "http://app.example.com",
      "https://app.example.com:8443",
      "https://app.example.com.",
    ]) {
      expect((await from(origin)).status, origin).toBe(403);
    }
  });

  it("lets server-to-server callers (no Origin, no Sec-Fetch-Site, no cookie) sign in", async () => {
    const auth = await setup();
    const r = await send(auth, "POST", "/sign-in/email", json, signIn);
    expect(r.status).toBe(200);
    expect(r.headers.getSetCookie().length).toBeGreaterThan(0);
  });

  it("accepts Sec-Fetch-Site: same-origin or none without an Origin", async () => {
    const auth = await setup();
    for (const site of ["same-origin", "none"]) {
      const r = await send(auth, "POST", "/sign-in/email", { ...json, "sec-fetch-site": site }, signIn);
      expect(r.status, site).toBe(200);
    }
  });

  it("judges a Referer-only request by the Referer's origin", async () => {
    const auth = await setup();
    const { client } = await signUpUser(auth);
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const update = (headers: Record<string, string>) =>
      send(auth, "POST", "/update-user", { ...json, cookie, ...headers }, JSON.stringify({ name: "Renamed" }));
    expect((await update({ referer: "http://localhost:3000/settings" })).status).toBe(200);
    const evil = await update({ referer: "https://evil.example/page" });
    expect(evil.status).toBe(403);
    expect(evil.body.code).toBe("INVALID_ORIGIN");
    expect((await update({ referer: "not a url" })).status).toBe(403);
    // Without cookies too: a Referer that names an untrusted site is never a server-to-server call.
    expect(
      (await send(auth, "POST", "/sign-in/email", { ...json, referer: "https://evil.example/" }, signIn)).status,
    ).toBe(403);
    // With neither Origin nor Referer a cookie-carrying write stays refused.
    const bare = await update({});
    expect(bare.status).toBe(403);
    expect(bare.body.code).toBe("MISSING_ORIGIN");
  });

  it("ignores method-override headers and parameters: a POST stays a checked POST, a GET stays a GET", async () => {
    const auth = await setup();
    const { client } = await signUpUser(auth);
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const overridden = await send(
      auth,
      "POST",
      "/update-user?_method=GET",
      {
        ...json,
        cookie,
        origin: "https://evil.example",
        "x-http-method-override": "GET",
        "x-method-override": "GET",
      },
      JSON.stringify({ name: "Hijacked" }),
    );
    expect(overridden.status).toBe(403);
    const asGet = await send(auth, "GET", "/sign-out?_method=POST", {
      cookie,
      "x-http-method-override": "POST",
    });
    expect(asGet.status).toBe(405);
    expect((await client.get("/get-session")).body.user.name).toBe("Test");
  });

  it("HEAD never reaches a POST endpoint", async () => {
    const auth = await setup();
    const r = await auth.handler(new Request(`${BASE}/sign-in/email`, { method: "HEAD" }));
    expect(r.status).toBe(405);
    expect(r.headers.getSetCookie()).toEqual([]);
  });

  it("disableOriginCheck turns the check off (for apps behind their own CSRF defence)", async () => {
    const auth = await setup({ advanced: { disableOriginCheck: true } });
    const r = await send(auth, "POST", "/sign-in/email", { ...json, origin: "https://evil.example" }, signIn);
    expect(r.status).toBe(200);
  });
});

describe("request body types", () => {
  it("refuses form, text/plain and untyped bodies with 415 before they reach the endpoint", async () => {
    const auth = await setup();
    const origin = { origin: "http://localhost:3000" };
    const form = new URLSearchParams({ email: EMAIL, password: PASSWORD }).toString();
    const cases: [Record<string, string>, string][] = [
      [{ "content-type": "application/x-www-form-urlencoded" }, form],
      [{ "content-type": "text/plain" }, signIn],
      [{ "content-type": "multipart/form-data; boundary=x" }, signIn],
      [{ "content-type": "text/x+json" }, signIn],
    ];
    for (const [type, body] of cases) {
      const r = await send(auth, "POST", "/sign-in/email", { ...origin, ...type }, body);
      expect(r.status, type["content-type"]).toBe(415);
      expect(r.body.code).toBe("UNSUPPORTED_MEDIA_TYPE");
      expect(r.headers.getSetCookie()).toEqual([]);
    }
    // A body without any content type (fetch would label a string text/plain; a raw client may send none).
    const untyped = await auth.handler(
      new Request(`${BASE}/sign-in/email`, {
        method: "POST",
        headers: origin,
        body: new TextEncoder().encode(signIn),
      }),
    );
    expect(untyped.status).toBe(415);
  });

  it("accepts application/json with parameters and application/*+json; an empty body needs no type", async () => {
    const auth = await setup();
    const origin = { origin: "http://localhost:3000" };
    for (const type of ["application/json; charset=utf-8", "APPLICATION/JSON", "application/merge-patch+json"]) {
      const r = await send(auth, "POST", "/sign-in/email", { ...origin, "content-type": type }, signIn);
      expect(r.status, type).toBe(200);
    }
    const signOut = await send(auth, "POST", "/sign-out", origin);
    expect(signOut.status).toBe(200);
  });

  it("the OAuth form_post callback alone takes a cross-site form", async () => {
    const auth = makeTestAuth({ socialProviders: { github: { clientId: "id", clientSecret: "secret" } } });
    const r = await send(
      auth,
      "POST",
      "/callback/github",
      {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://appleid.apple.com",
        "sec-fetch-site": "cross-site",
      },
      "code=abc&state=xyz&__proto__=p&constructor=c",
    );
    expect(r.status).toBe(303);
    const next = new URL(r.headers.get("location") ?? "");
    expect(Object.fromEntries(next.searchParams)).toEqual({ code: "abc", state: "xyz" });
  });
});
