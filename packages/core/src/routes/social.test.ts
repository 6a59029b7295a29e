import { describe, expect, it } from "vitest";
import type { AuthOptions } from "../options/auth-options.js";
import { github } from "../oauth/providers/github.js";
import { makeTestAuth, signUpUser } from "../testing/make-test-auth.js";
import { createTestClient } from "../testing/test-client.js";
import type { TestClient } from "../testing/test-client.js";

interface FakeUser {
  id: number;
  email: string | null;
  name?: string;
  verified?: boolean;
}
const b64 = (u: FakeUser) => Buffer.from(JSON.stringify(u)).toString("base64url");
const codeFor = (u: FakeUser) => `code.${b64(u)}`;

/** GitHub's token and user endpoints, answered in-process; counts refreshes. */
function fakeGithub() {
  const calls = { refresh: 0, lastTokenForm: new URLSearchParams() };
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const fetcher = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
    if (url.pathname === "/login/oauth/access_token") {
      const form = new URLSearchParams(String(init.body));
      calls.lastTokenForm = form;
      if (form.get("grant_type") === "refresh_token") {
        calls.refresh++;
        return json({ access_token: `refreshed-${calls.refresh}`, expires_in: 3600, refresh_token: "r2" });
      }
      const code = form.get("code") ?? "";
      if (!code.startsWith("code.")) return json({ error: "bad_verification_code" });
      return json({
        access_token: `tok.${code.slice(5)}`,
        refresh_token: "r1",
        expires_in: 3600,
        scope: "read:user,user:email",
      });
    }
    const auth = new Headers(init.headers).get("authorization") ?? "";
    const token = auth.replace("Bearer ", "");
    const payload = token.startsWith("tok.")
      ? token.slice(4)
      : token.startsWith("refreshed-")
        ? b64({ id: 1, email: "r@example.com" })
        : null;
    if (!payload) return json({ message: "Bad credentials" }, 401);
    const user = JSON.parse(Buffer.from(payload, "base64url").toString()) as FakeUser;
    if (url.pathname === "/user")
      return json({ id: user.id, login: `u${user.id}`, name: user.name ?? null, email: null });
    return json(user.email ? [{ email: user.email, primary: true, verified: user.verified ?? true }] : []);
  }) as typeof fetch;
  return { fetcher, calls };
}

function setup(extra: Partial<AuthOptions> = {}) {
  const fake = fakeGithub();
  const clock = { now: Date.now() };
  const auth = makeTestAuth({
    socialProviders: { github: github({ clientId: "cid", clientSecret: "secret", fetch: fake.fetcher }) },
    advanced: { now: () => clock.now },
    ...extra,
  });
  return { auth, fake, clock };
}

async function start(client: TestClient, body: Record<string, unknown> = {}) {
  const r = await client.post("/sign-in/social", { provider: "github", callbackURL: "/dashboard", ...body });
  expect(r.status).toBe(200);
  return new URL(r.body.url as string);
}
const callback = (client: TestClient, state: string | null, code: string) =>
  client.get("/callback/github", { query: { code, state: state ?? "" } });
const errorOf = (r: { headers: Headers }) =>
  new URL(r.headers.get("location") ?? "", "http://x").searchParams.get("error");

describe("social sign-in", () => {
  it("sends the browser to GitHub with a 32-character state and an S256 PKCE challenge whose verifier stays server-side", async () => {
    const { auth, fake } = setup();
    const client = createTestClient(auth);
    const url = await start(client);
    expect(url.origin + url.pathname).toBe("https://github.com/login/oauth/authorize");
    expect(url.searchParams.get("state")).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("redirect_uri")).toBe("http://localhost:3000/api/auth/callback/github");
    await callback(client, url.searchParams.get("state"), codeFor({ id: 7, email: "a@example.com" }));
    expect(fake.calls.lastTokenForm.get("code_verifier")).toMatch(/^[\w.~-]{128}$/);
  });

  it("signs a new user up (newUserCallbackURL), a returning one in (callbackURL), and stores tokens encrypted", async () => {
    const { auth } = setup();
    const profile = { id: 42, email: "Mona@Example.com", name: "Mona" };
    const first = createTestClient(auth);
    const url = await start(first, { newUserCallbackURL: "/welcome" });
    const r = await callback(first, url.searchParams.get("state"), codeFor(profile));
    expect(r.headers.get("location")).toBe("/welcome");
    const session = (await first.get("/get-session")).body;
    expect(session.user).toMatchObject({ email: "mona@example.com", name: "Mona", emailVerified: true });
    const again = createTestClient(auth);
    const url2 = await start(again, { newUserCallbackURL: "/welcome" });
    expect((await callback(again, url2.searchParams.get("state"), codeFor(profile))).headers.get("location")).toBe(
      "/dashboard",
    );
    const account = await auth.$context.adapter.findOne<{ accessToken: string }>({
      model: "account",
      where: [{ field: "providerId", value: "github" }],
    });
    expect(account?.accessToken.startsWith("v1.")).toBe(true);
    const token = await first.post("/get-access-token", { providerId: "github" });
    expect(token.body.accessToken).toBe(`tok.${b64(profile)}`);
  });

  it("a state started in another browser, a replayed state, and an expired state are all refused", async () => {
    const { auth, clock } = setup();
    const victim = createTestClient(auth);
    const url = await start(createTestClient(auth));
    const stolen = await callback(victim, url.searchParams.get("state"), codeFor({ id: 1, email: "x@example.com" }));
    expect(errorOf(stolen)).toBe("invalid_callback_request");
    expect((await victim.get("/get-session")).body).toBeNull();

    const owner = createTestClient(auth);
    const u2 = await start(owner);
    await callback(owner, u2.searchParams.get("state"), codeFor({ id: 2, email: "y@example.com" }));
    expect(
      errorOf(await callback(owner, u2.searchParams.get("state"), codeFor({ id: 2, email: "y@example.com" }))),
    ).toBe("please_restart_the_process");

    const late = createTestClient(auth);
    const u3 = await start(late);
    clock.now += 601_000;
    expect(
      errorOf(await callback(late, u3.searchParams.get("state"), codeFor({ id: 3, email: "z@example.com" }))),
    ).toBe("please_restart_the_process");
  });

  it("never links into an unverified local account with the same email", async () => {
    const { auth } = setup({ account: { accountLinking: { trustedProviders: ["github"] } } });
    const local = await signUpUser(auth, "victim@example.com");
    const attacker = createTestClient(auth);
    const url = await start(attacker);
    const r = await callback(attacker, url.searchParams.get("state"), codeFor({ id: 9, email: "victim@example.com" }));
    expect(errorOf(r)).toBe("account_not_linked");
    expect((await attacker.get("/get-session")).body).toBeNull();
    expect((await local.client.get("/list-accounts")).body).toHaveLength(1);
  });

  it("a trusted provider that reports the email unverified never signs into the verified account that has it", async () => {
    const { auth } = setup({ account: { accountLinking: { trustedProviders: ["github"] } } });
    const victim = await signUpUser(auth, "owner@example.com");
    await auth.$context.db.update({
      model: "user",
      where: [{ field: "id", value: victim.userId }],
      update: { emailVerified: true },
    });
    // Anyone can add owner@example.com to a GitHub account; GitHub then reports it `verified: false`.
    const attacker = createTestClient(auth);
    const url = await start(attacker);
    const unverified = codeFor({ id: 41, email: "owner@example.com", verified: false });
    const r = await callback(attacker, url.searchParams.get("state"), unverified);
    expect(errorOf(r)).toBe("account_not_linked");
    expect((await attacker.get("/get-session")).body).toBeNull();
    expect((await victim.client.get("/list-accounts")).body).toHaveLength(1);

    // The control: the same trusted provider vouching for the address links and signs in.
    const owner = createTestClient(auth);
    const again = await start(owner);
    const verified = codeFor({ id: 42, email: "owner@example.com", verified: true });
    expect((await callback(owner, again.searchParams.get("state"), verified)).headers.get("location")).toBe(
      "/dashboard",
    );
    expect((await owner.get("/get-session")).body.user.id).toBe(victim.userId);
  });

  it("link-social refuses another email and an account already linked to someone else", async () => {
    const { auth } = setup();
    const a = await signUpUser(auth, "a@example.com");
    const link = await a.client.post("/link-social", { provider: "github", callbackURL: "/settings" });
    const state = new URL(link.body.url).searchParams.get("state");
    const r = await callback(a.client, state, codeFor({ id: 5, email: "other@example.com" }));
    expect(errorOf(r)).toBe("unable_to_link_account");

    const b = await signUpUser(auth, "b@example.com");
    const lb = await b.client.post("/link-social", { provider: "github", callbackURL: "/settings" });
    expect(
      (
        await callback(
          b.client,
          new URL(lb.body.url).searchParams.get("state"),
          codeFor({ id: 6, email: "b@example.com" }),
        )
      ).headers.get("location"),
    ).toBe("/settings");
    const la = await a.client.post("/link-social", { provider: "github", callbackURL: "/settings" });
    const taken = await callback(
      a.client,
      new URL(la.body.url).searchParams.get("state"),
      codeFor({ id: 6, email: "a@example.com" }),
    );
    expect(errorOf(taken)).toBe("account_already_linked_to_different_user");
  });

  it("get-access-token refreshes a token about to expire; clients cannot name another user", async () => {
    const { auth, fake, clock } = setup();
    const client = createTestClient(auth);
    const url = await start(client);
    await callback(client, url.searchParams.get("state"), codeFor({ id: 11, email: "t@example.com" }));
    clock.now += 3600_000 - 4_000;
    const r = await client.post("/get-access-token", { providerId: "github" });
    expect(r.body.accessToken).toBe("refreshed-1");
    expect(fake.calls.refresh).toBe(1);
    const anon = await createTestClient(auth).post("/get-access-token", { providerId: "github", userId: "someone" });
    expect(anon.status).toBe(401);
  });

  it("a form_post callback becomes a same-site GET without needing an Origin", async () => {
    const { auth } = setup();
    const client = createTestClient(auth, "https://appleid.apple.com");
    const r = await client.post("/callback/github", "code=abc&state=xyz", {
      raw: true,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(r.status).toBe(303);
    expect(r.headers.get("location")).toBe("http://localhost:3000/api/auth/callback/github?code=abc&state=xyz");
  });

  it("unknown providers are 404, and a callback for one goes to the error page", async () => {
    const { auth } = setup();
    const client = createTestClient(auth);
    expect((await client.post("/sign-in/social", { provider: "nope" })).status).toBe(404);
    expect(errorOf(await client.get("/callback/nope", { query: { state: "s", code: "c" } }))).toBe(
      "oauth_provider_not_found",
    );
  });
});
