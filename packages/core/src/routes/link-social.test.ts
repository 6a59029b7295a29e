import { describe, expect, it } from "vitest";
import type { Auth } from "../create-auth.js";
import { signUpUser } from "../testing/make-test-auth.js";
import { createTestClient, type TestClient } from "../testing/test-client.js";
import { authWithAcme, type FakeClaims, type FakeOidc, startFakeOidc } from "./fake-oidc.test-helper.js";

const errorOf = (r: { headers: Headers }) =>
  new URL(r.headers.get("location") ?? "", "http://x").searchParams.get("error");

/** link-social's redirect flow, as a browser: start, then the provider's redirect back with `claims`. */
async function linkThroughRedirect(client: TestClient, fake: FakeOidc, claims: FakeClaims) {
  const start = await client.post("/link-social", { provider: "acme", callbackURL: "/settings" });
  expect(start.status, start.text).toBe(200);
  const url = new URL(start.body.url);
  // The browser visits the provider, which records the nonce its ID token will carry.
  await fetch(url, { redirect: "manual" });
  return client.get("/callback/acme", {
    query: { code: fake.codeFor(claims), state: url.searchParams.get("state") ?? "" },
  });
}

const providersOf = async (client: TestClient) =>
  ((await client.get("/list-accounts")).body as { provider: string }[]).map((a) => a.provider).sort();

describe("POST /link-social with an ID token", () => {
  it("verifies the token and links the account to the signed-in user at once", async () => {
    const fake = await startFakeOidc();
    const auth = authWithAcme(fake);
    const { client, userId } = await signUpUser(auth, "kim@example.com");
    const r = await client.post("/link-social", {
      provider: "acme",
      requestSignUp: true, // accepted, without effect: linking never creates a user
      idToken: { token: await fake.idToken({ sub: "kim-1", email: "Kim@Example.com", email_verified: true }) },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ redirect: false, status: true });
    expect(await providersOf(client)).toEqual(["acme", "credential"]);
    expect((await client.get("/get-session")).body.user.id).toBe(userId);
    // Signing in with the provider now reaches the same user.
    const signIn = await createTestClient(auth).post("/sign-in/social", {
      provider: "acme",
      idToken: { token: await fake.idToken({ sub: "kim-1", email: "kim@example.com", email_verified: true }) },
    });
    expect(signIn.body.user.id).toBe(userId);
  });

  it("refuses with catalogue errors: bad token, unverified email, another email, someone else's account", async () => {
    const fake = await startFakeOidc();
    const other = await startFakeOidc();
    const auth = authWithAcme(fake);
    const { client } = await signUpUser(auth, "kim@example.com");
    const link = async (token: string) => client.post("/link-social", { provider: "acme", idToken: { token } });

    const forged = await link(await other.idToken({ sub: "k", email: "kim@example.com", iss: fake.idp.url }));
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ code: "INVALID_ID_TOKEN", message: "invalid token" });

    const unverified = await link(await fake.idToken({ sub: "k", email: "kim@example.com", email_verified: false }));
    expect(unverified.status).toBe(401);
    expect(unverified.body).toEqual({
      code: "ACCOUNT_NOT_LINKED",
      message: "Account not linked - linking not allowed",
    });

    const different = await link(await fake.idToken({ sub: "k", email: "kim@other.example", email_verified: true }));
    expect(different.status).toBe(400);
    expect(different.body).toEqual({ code: "DIFFERENT_EMAILS_NOT_ALLOWED", message: "different emails not allowed" });

    const lee = await signUpUser(auth, "lee@example.com");
    const leeToken = await fake.idToken({ sub: "lee-1", email: "lee@example.com", email_verified: true });
    expect((await lee.client.post("/link-social", { provider: "acme", idToken: { token: leeToken } })).status).toBe(
      200,
    );
    const taken = await link(await fake.idToken({ sub: "lee-1", email: "kim@example.com", email_verified: true }));
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe("ACCOUNT_ALREADY_LINKED_TO_DIFFERENT_USER");

    expect(await providersOf(client)).toEqual(["credential"]);
    const anonymous = await createTestClient(auth).post("/link-social", {
      provider: "acme",
      idToken: { token: leeToken },
    });
    expect(anonymous.status).toBe(401);
  });

  it("a trusted provider links an unverified email; different emails when allowed", async () => {
    const fake = await startFakeOidc();
    const auth = authWithAcme(fake, {
      account: { accountLinking: { trustedProviders: ["acme"], allowDifferentEmails: true } },
    });
    const { client } = await signUpUser(auth, "kim@example.com");
    const token = await fake.idToken({ sub: "k2", email: "kim@work.example", email_verified: false });
    const r = await client.post("/link-social", { provider: "acme", idToken: { token } });
    expect(r.status, r.text).toBe(200);
    expect(await providersOf(client)).toEqual(["acme", "credential"]);
  });

  it("a provider without ID-token support answers 400 id_token not supported", async () => {
    const fake = await startFakeOidc();
    const { jwks: _jwks, ...endpoints } = fake.config.endpoints ?? {};
    const auth = authWithAcme(fake, {}, { endpoints });
    const { client } = await signUpUser(auth, "kim@example.com");
    const r = await client.post("/link-social", { provider: "acme", idToken: { token: "x.y.z" } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: "ID_TOKEN_NOT_SUPPORTED", message: "id_token not supported" });
  });
});

describe("POST /link-social redirect flow: SPEC.md §5 linking rules at the callback", () => {
  it("an untrusted provider with an unverified email cannot link, even with the same email", async () => {
    const fake = await startFakeOidc();
    const auth = authWithAcme(fake);
    const { client } = await signUpUser(auth, "kim@example.com");
    const r = await linkThroughRedirect(client, fake, { sub: "k", email: "kim@example.com", email_verified: false });
    expect(r.status).toBe(302);
    expect(errorOf(r)).toBe("unable_to_link_account");
    expect(await providersOf(client)).toEqual(["credential"]);

    const ok = await linkThroughRedirect(client, fake, { sub: "k", email: "kim@example.com", email_verified: true });
    expect(ok.headers.get("location")).toBe("/settings");
    expect(await providersOf(client)).toEqual(["acme", "credential"]);
  });

  it("the same unverified email links when the provider is trusted", async () => {
    const fake = await startFakeOidc();
    const auth = authWithAcme(fake, { account: { accountLinking: { trustedProviders: ["acme"] } } });
    const { client } = await signUpUser(auth, "kim@example.com");
    const r = await linkThroughRedirect(client, fake, { sub: "k", email: "kim@example.com", email_verified: false });
    expect(r.headers.get("location")).toBe("/settings");
  });

  it("linking switched off while the user was at the provider is refused at the callback", async () => {
    const fake = await startFakeOidc();
    const auth: Auth = authWithAcme(fake);
    const { client } = await signUpUser(auth, "kim@example.com");
    const start = await client.post("/link-social", { provider: "acme", callbackURL: "/settings" });
    auth.$context.options.account.accountLinking.enabled = false;
    await fetch(start.body.url, { redirect: "manual" });
    const state = new URL(start.body.url).searchParams.get("state") ?? "";
    const claims = { sub: "k", email: "kim@example.com", email_verified: true };
    const r = await client.get("/callback/acme", { query: { code: fake.codeFor(claims), state } });
    expect(errorOf(r)).toBe("unable_to_link_account");
    expect(await providersOf(client)).toEqual(["credential"]);
  });

  it("without callbackURL and without a configured baseURL: 400 callbackURL is required", async () => {
    const auth = authWithAcme(await startFakeOidc(), { baseURL: undefined, trustedOrigins: ["http://localhost:3000"] });
    const { client } = await signUpUser(auth, "kim@example.com");
    const r = await client.post("/link-social", { provider: "acme" });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: "CALLBACK_URL_REQUIRED", message: "callbackURL is required" });
  });
});
