// Every open-redirect vector of the security issue against every route that writes a client-chosen
// URL into Location (or returns it as `url` for the client to navigate to), through HTTP.
import { describe, expect, it } from "vitest";
import { github } from "../oauth/providers/github.js";
import { makeMailAuth } from "../testing/make-mail-auth.js";
import { signUpUser } from "../testing/make-test-auth.js";
import { createTestClient, type TestClient, type TestResponse } from "../testing/test-client.js";

const BASE = "http://localhost:3000";
const TRUSTED = [BASE, "http://localhost:5173"];

const VECTORS = [
  "//attacker.example/steal",
  "/.//attacker.example/steal",
  "/..//attacker.example/steal",
  "/%2e%2e//attacker.example/steal",
  "/%2E%2E//attacker.example/steal",
  "/a/..//attacker.example/steal",
  "/\\attacker.example/steal",
  "\\\\attacker.example",
  "/\t/attacker.example",
  "/\n/attacker.example",
  " //attacker.example",
  "http:attacker.example",
  "https:attacker.example",
  "https:/attacker.example",
  "https://attacker.example",
  "http://localhost:3000@attacker.example/",
  "https://localhost:3000@attacker.example/",
  "http://attacker.example@localhost:3000/",
  "http://localhost:3000.attacker.example/",
  "http://localhost:3001/",
  "http://ⓐttacker.example/",
  "javascript:alert(document.cookie)",
  "javascript://localhost:3000/%0aalert(1)",
  "data:text/html,<script>alert(1)</script>",
  "myapp://callback",
];

// Paths a framework's router decodes into `//attacker.example` before navigating: on-site as the browser
// reads them, off-site once the app does. Refused at the door, like `//attacker.example` (issue 26).
const ENCODED = [
  "%2F%2Fattacker.example",
  "/%2F%2Fattacker.example",
  "/%2f%2Fattacker.example",
  "%5C%5Cattacker.example",
  "/%5c%5Cattacker.example",
  "/%2F%5Cattacker.example",
  "%252F%252Fattacker.example",
  "/%252f%252Fattacker.example",
  "/a/..%2F%2Fattacker.example",
  "http://localhost:3000/%2F%2Fattacker.example",
];

/** Where a browser following `r` ends up, or null when `r` is no redirect. */
function landing(r: TestResponse): URL | null {
  const location = r.headers.get("location");
  if (!location) return null;
  // Header-safe by construction: printable ASCII only.
  expect(location).toMatch(/^[\x21-\x7e]+$/);
  return new URL(location, `${BASE}/api/auth/some/route`);
}

/** The vector was refused (403) or, if accepted, the redirect stays on a trusted origin. */
function expectRefusedOrOnSite(r: TestResponse, label: string): void {
  if (r.status === 403) return;
  expect(r.status, `${label}: ${r.status} ${r.text}`).toBe(302);
  const to = landing(r);
  expect(to && TRUSTED.includes(to.origin), `${label} -> ${r.headers.get("location")}`).toBe(true);
}

function fakeGithub(): typeof fetch {
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
    if (url.pathname === "/login/oauth/access_token") {
      const code = new URLSearchParams(String(init.body)).get("code") ?? "";
      return json(code.startsWith("good-") ? { access_token: code, expires_in: 3600 } : { error: "bad_code" });
    }
    const id = (new Headers(init.headers).get("authorization") ?? "").replace("Bearer good-", "");
    if (url.pathname === "/user") return json({ id: Number(id), login: `u${id}`, name: "Octo", email: null });
    return json([{ email: `gh${id}@example.com`, primary: true, verified: true }]);
  }) as typeof fetch;
}

function setup() {
  return makeMailAuth({
    trustedOrigins: ["http://localhost:5173"],
    socialProviders: { github: github({ clientId: "cid", clientSecret: "secret", fetch: fakeGithub() }) },
  });
}

/** The path below the auth base of an emailed absolute link. */
const pathOf = (url: string) => url.slice(`${BASE}/api/auth`.length);

describe("redirect vectors through HTTP", () => {
  it("a reset link whose redirectTo was a vector never sends the token off-site", async () => {
    const { auth, mails, lastMail } = setup();
    const { email } = await signUpUser(auth);
    const anon = createTestClient(auth);
    for (const redirectTo of VECTORS) {
      const before = mails.length;
      const asked = await anon.post("/request-password-reset", { email, redirectTo });
      if (asked.status === 403) {
        expect(asked.body.code, redirectTo).toBe("INVALID_REDIRECT_URL");
        expect(mails.length, redirectTo).toBe(before);
        continue;
      }
      expect(asked.status, redirectTo).toBe(200);
      const link = lastMail(email, "reset-password");
      const followed = await anon.get(pathOf(link.url));
      expectRefusedOrOnSite(followed, `reset link with redirectTo ${JSON.stringify(redirectTo)}`);
    }
    // The control: a plain relative target works and carries the token.
    await anon.post("/request-password-reset", { email, redirectTo: "/reset" });
    const ok = await anon.get(pathOf(lastMail(email, "reset-password").url));
    expect(landing(ok)?.href).toBe(`${BASE}/reset?token=${lastMail(email, "reset-password").token}`);
  });

  it("GET /reset-password/:token, /verify-email and /delete-user/callback refuse each vector as callbackURL", async () => {
    const { auth } = setup();
    const { client } = await signUpUser(auth);
    for (const callbackURL of VECTORS) {
      const label = JSON.stringify(callbackURL);
      const query = { token: "not-a-token", callbackURL };
      expectRefusedOrOnSite(await client.get("/reset-password/not-a-token", { query }), `reset ${label}`);
      expectRefusedOrOnSite(await client.get("/verify-email", { query }), `verify ${label}`);
      expectRefusedOrOnSite(await client.get("/delete-user/callback", { query }), `delete ${label}`);
    }
    const control = await client.get("/verify-email", { query: { token: "x", callbackURL: "/done" } });
    expect(control.headers.get("location")).toBe("/done?error=invalid_token");
  });

  it("sign-in echoes only a canonical, on-site url and refuses the vectors", async () => {
    const { auth } = setup();
    const { email, password } = await signUpUser(auth);
    for (const callbackURL of VECTORS) {
      const r = await createTestClient(auth).post("/sign-in/email", { email, password, callbackURL });
      if (r.status === 403) continue;
      expect(r.status, callbackURL).toBe(200);
      expect(TRUSTED, `${callbackURL} -> ${r.body.url}`).toContain(new URL(r.body.url, BASE).origin);
    }
    const fine = await createTestClient(auth).post("/sign-in/email", { email, password, callbackURL: "/中?q=1" });
    expect(fine.body.url).toBe("/%E4%B8%AD?q=1");
  });

  it("encoded slashes and backslashes are refused with each field's 403 on every route that takes a target", async () => {
    const { auth, mails } = setup();
    const { client, email, password } = await signUpUser(auth);
    const refused = (r: TestResponse, code: string, label: string) => {
      expect(r.status, `${label}: ${r.status} ${r.text}`).toBe(403);
      expect(r.body.code, label).toBe(code);
      expect(r.headers.get("location"), label).toBeNull();
    };
    const mailed = mails.length;
    for (const v of ENCODED) {
      const label = JSON.stringify(v);
      const anon = createTestClient(auth);
      refused(await anon.post("/sign-in/email", { email, password, callbackURL: v }), "INVALID_CALLBACK_URL", label);
      refused(await anon.post("/request-password-reset", { email, redirectTo: v }), "INVALID_REDIRECT_URL", label);
      refused(
        await anon.post("/sign-in/social", { provider: "github", callbackURL: v }),
        "INVALID_CALLBACK_URL",
        label,
      );
      refused(
        await anon.post("/sign-in/social", { provider: "github", errorCallbackURL: v }),
        "INVALID_ERROR_CALLBACK_URL",
        label,
      );
      refused(
        await anon.post("/sign-in/social", { provider: "github", newUserCallbackURL: v }),
        "INVALID_NEW_USER_CALLBACK_URL",
        label,
      );
      const query = { token: "not-a-token", callbackURL: v };
      refused(await client.get("/reset-password/not-a-token", { query }), "INVALID_CALLBACK_URL", label);
      refused(await client.get("/verify-email", { query }), "INVALID_CALLBACK_URL", label);
      refused(await client.get("/delete-user/callback", { query }), "INVALID_CALLBACK_URL", label);
    }
    expect(mails.length).toBe(mailed);
    // The control: an encoded slash inside a path is a path.
    const fine = await createTestClient(auth).post("/sign-in/email", { email, password, callbackURL: "/f/a%2Fb" });
    expect(fine.body.url).toBe("/f/a%2Fb");
  });

  it("OAuth callbackURL, newUserCallbackURL and errorCallbackURL: refused at sign-in, or on-site at the callback", async () => {
    const { auth } = setup();
    let id = 1000;
    const flow = async (client: TestClient, body: Record<string, string>, code: string) => {
      const start = await client.post("/sign-in/social", { provider: "github", ...body });
      if (start.status === 403) return null;
      expect(start.status, start.text).toBe(200);
      const state = new URL(start.body.url).searchParams.get("state") ?? "";
      return client.get("/callback/github", { query: { code, state } });
    };
    for (const v of VECTORS) {
      const label = JSON.stringify(v);
      const asNew = await flow(createTestClient(auth), { callbackURL: "/home", newUserCallbackURL: v }, `good-${++id}`);
      if (asNew) expectRefusedOrOnSite(asNew, `newUserCallbackURL ${label}`);
      const asOld = await flow(createTestClient(auth), { callbackURL: v }, `good-${id}`);
      if (asOld) expectRefusedOrOnSite(asOld, `callbackURL ${label}`);
      const failed = await flow(createTestClient(auth), { callbackURL: "/home", errorCallbackURL: v }, "bad");
      if (failed) expectRefusedOrOnSite(failed, `errorCallbackURL ${label}`);
    }
    const control = await flow(createTestClient(auth), { callbackURL: "/home", errorCallbackURL: "/oops" }, "bad");
    expect(control?.headers.get("location")).toMatch(/^\/oops\?error=/);
  });
});
