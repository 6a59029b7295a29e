import { describe, expect, it } from "vitest";
import type { AdapterFactory } from "../adapter/adapter-types.js";
import { memoryAdapter } from "../adapter/memory-adapter.js";
import { signUpUser } from "../testing/make-test-auth.js";
import { createTestClient, type TestClient } from "../testing/test-client.js";
import { authWithAcme, startFakeOidc } from "./fake-oidc.test-helper.js";

const kim = { sub: "kim-1", email: "kim@example.com", email_verified: true };

const locationOf = (r: { headers: Headers }) => new URL(r.headers.get("location") ?? "", "http://relative.invalid");

async function startFlow(client: TestClient, body: Record<string, unknown> = {}) {
  const r = await client.post("/sign-in/social", { provider: "acme", callbackURL: "/dashboard", ...body });
  expect(r.status, r.text).toBe(200);
  return new URL(r.body.url).searchParams.get("state") ?? "";
}

describe("GET /callback/:id with malformed input", () => {
  it("an over-long error_description, code or state redirects with invalid_callback_request, never JSON", async () => {
    const fake = await startFakeOidc();
    const auth = authWithAcme(fake);
    const client = createTestClient(auth);

    let state = await startFlow(client, { errorCallbackURL: "/login" });
    const longDescription = await client.get("/callback/acme", {
      query: { error: "access_denied", error_description: "x".repeat(5000), state },
    });
    expect(longDescription.status).toBe(302);
    expect(longDescription.headers.get("location")).toBe("/login?error=invalid_callback_request");
    // The flow is over: its state cannot be used again.
    const replay = await client.get("/callback/acme", { query: { code: fake.codeFor(kim), state } });
    expect(locationOf(replay).searchParams.get("error")).toBe("please_restart_the_process");

    state = await startFlow(client, { errorCallbackURL: "/login" });
    const longCode = await client.get("/callback/acme", { query: { code: "c".repeat(10_000), state } });
    expect(longCode.status).toBe(302);
    expect(longCode.headers.get("location")).toBe("/login?error=invalid_callback_request");

    const longState = await client.get("/callback/acme", {
      query: { code: fake.codeFor(kim), state: "s".repeat(300) },
    });
    expect(longState.status).toBe(302);
    const target = locationOf(longState);
    expect(target.pathname).toBe("/api/auth/error");
    expect(target.searchParams.get("error")).toBe("invalid_callback_request");
    expect(fake.idp.requestsTo("/token")).toHaveLength(0);
    expect((await client.get("/get-session")).body).toBeNull();
  });

  it("a POST with non-string or over-long fields still redirects, and the GET names invalid_callback_request", async () => {
    const auth = authWithAcme(await startFakeOidc());
    const client = createTestClient(auth);
    const state = await startFlow(client, { errorCallbackURL: "/login" });
    const posted = await client.post("/callback/acme", { code: 42, state });
    expect(posted.status).toBe(303);
    const next = locationOf(posted);
    expect(Object.fromEntries(next.searchParams)).toEqual({ state, error: "invalid_callback_request" });
    const r = await client.get("/callback/acme", { query: Object.fromEntries(next.searchParams) });
    expect(r.headers.get("location")).toBe("/login?error=invalid_callback_request");

    const long = await client.post("/callback/acme", `state=${state}&user=${"u".repeat(5000)}`, {
      raw: true,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(long.status).toBe(303);
    expect(locationOf(long).searchParams.get("user")).toBeNull();
    expect((await client.post("/callback/acme", [1, 2])).status).toBe(303);
  });
});

describe("POST /callback/:id", () => {
  it("forwards device_id and user with code, state, error and error_description", async () => {
    const auth = authWithAcme(await startFakeOidc());
    const user = JSON.stringify({ name: { firstName: "Kim", lastName: "Lee" }, email: "kim@example.com" });
    const form = new URLSearchParams({ code: "c", state: "s", device_id: "d-1", user, ignored: "x" });
    const r = await createTestClient(auth, "https://appleid.apple.com").post("/callback/acme", form.toString(), {
      raw: true,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(r.status).toBe(303);
    const next = locationOf(r);
    expect(next.origin + next.pathname).toBe("http://localhost:3000/api/auth/callback/acme");
    expect(Object.fromEntries(next.searchParams)).toEqual({ code: "c", state: "s", device_id: "d-1", user });
  });
});

describe("GET /callback/:id without a place to return to", () => {
  it("a flow without callbackURL that outlived the base URL's removal ends with no_callback_url", async () => {
    const fake = await startFakeOidc();
    // One store for two configurations of the same app: before and after a restart without baseURL.
    let shared: ReturnType<ReturnType<typeof memoryAdapter>> | undefined;
    const database: AdapterFactory = (ctx) => {
      shared ??= memoryAdapter()(ctx);
      return shared;
    };
    const before = authWithAcme(fake, { database });
    const after = authWithAcme(fake, { database, baseURL: undefined });
    const browser = createTestClient(before);
    const start = await browser.post("/sign-in/social", { provider: "acme" });
    expect(start.status, start.text).toBe(200);
    const state = new URL(start.body.url).searchParams.get("state") ?? "";
    const sameBrowser = createTestClient(after);
    for (const [name, value] of browser.cookies) sameBrowser.cookies.set(name, value);
    const r = await sameBrowser.get("/callback/acme", { query: { code: fake.codeFor(kim), state } });
    expect(r.status).toBe(302);
    expect(locationOf(r).searchParams.get("error")).toBe("no_callback_url");
    expect((await sameBrowser.get("/get-session")).body).toBeNull();
  });
});

describe("GET /callback/:id: a trusted OIDC provider links by email only on its word", () => {
  it("email_verified: false never signs into the verified account; a missing claim leaves the trust", async () => {
    const fake = await startFakeOidc();
    const auth = authWithAcme(fake, { account: { accountLinking: { trustedProviders: ["acme"] } } });
    const victim = await signUpUser(auth, "lee@example.com");
    await auth.$context.db.update({
      model: "user",
      where: [{ field: "id", value: victim.userId }],
      update: { emailVerified: true },
    });
    const signIn = async (claims: { sub: string; email: string; email_verified?: boolean }) => {
      const client = createTestClient(auth);
      const r = await client.post("/sign-in/social", { provider: "acme", callbackURL: "/dashboard" });
      const url = new URL(r.body.url);
      // The browser visits the provider, which records the nonce its ID token will carry.
      await fetch(url, { redirect: "manual" });
      const back = await client.get("/callback/acme", {
        query: { code: fake.codeFor(claims), state: url.searchParams.get("state") ?? "" },
      });
      return { back, session: (await client.get("/get-session")).body };
    };
    const denied = await signIn({ sub: "x-1", email: "lee@example.com", email_verified: false });
    expect(locationOf(denied.back).searchParams.get("error")).toBe("account_not_linked");
    expect(denied.session).toBeNull();
    const silent = await signIn({ sub: "x-2", email: "lee@example.com" });
    expect(silent.back.headers.get("location")).toBe("/dashboard");
    expect(silent.session.user.id).toBe(victim.userId);
  });
});
