import { describe, expect, it } from "vitest";
import { UniqueConstraintError } from "../adapter/adapter-errors.js";
import type { AdapterFactory } from "../adapter/adapter-types.js";
import { memoryAdapter } from "../adapter/memory-adapter.js";
import { driveSocialFlow } from "../testing/drive-social-flow.js";
import { signUpUser } from "../testing/make-test-auth.js";
import { createTestClient } from "../testing/test-client.js";
import { authWithAcme, startFakeOidc } from "./fake-oidc.test-helper.js";

const kim = { sub: "kim-1", email: "kim@example.com", email_verified: true, name: "Kim" };

/**
 * The memory adapter, except that the first provider account written for `acme` loses a race: another
 * request inserts the same account just before, and the write fails as a unique index would make it.
 */
function racingAdapter(): AdapterFactory {
  return (ctx) => {
    const inner = memoryAdapter()(ctx);
    let raced = false;
    return {
      ...inner,
      async create<T>(args: { model: string; data: Record<string, unknown> & { id: string } }): Promise<T> {
        if (args.model === "account" && args.data.providerId === "acme" && !raced) {
          raced = true;
          await inner.create({ model: "account", data: { ...args.data, id: "won-the-race" } });
          throw new UniqueConstraintError("account");
        }
        return inner.create<T>(args);
      },
    };
  };
}

describe("POST /sign-in/social", () => {
  it("disableRedirect answers the URL with redirect:false; otherwise redirect:true", async () => {
    const auth = authWithAcme(await startFakeOidc());
    const client = createTestClient(auth);
    const quiet = await client.post("/sign-in/social", { provider: "acme", callbackURL: "/x", disableRedirect: true });
    expect(quiet.status).toBe(200);
    expect(quiet.body).toMatchObject({ redirect: false, url: expect.stringContaining("/authorize?") });
    const normal = await client.post("/sign-in/social", { provider: "acme", callbackURL: "/x" });
    expect(normal.body.redirect).toBe(true);
  });

  it("without callbackURL and without a configured baseURL: 400 callbackURL is required", async () => {
    const fake = await startFakeOidc();
    const auth = authWithAcme(fake, { baseURL: undefined });
    const client = createTestClient(auth);
    const r = await client.post("/sign-in/social", { provider: "acme" });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: "CALLBACK_URL_REQUIRED", message: "callbackURL is required" });
    expect((await client.post("/sign-in/social", { provider: "acme", callbackURL: "/x" })).status).toBe(200);
    // An ID-token sign-in redirects nowhere, so it needs neither.
    const direct = await createTestClient(auth).post("/sign-in/social", {
      provider: "acme",
      idToken: { token: await fake.idToken(kim) },
    });
    expect(direct.status).toBe(200);
  });

  it("disableImplicitSignUp: a new user only with requestSignUp (redirect and ID token); existing users sign in", async () => {
    const fake = await startFakeOidc();
    const auth = authWithAcme(fake, {}, { disableImplicitSignUp: true });
    const refused = await driveSocialFlow(auth, "acme", fake.codeFor(kim));
    expect(refused.error).toBe("signup_disabled");
    expect((await refused.client.get("/get-session")).body).toBeNull();

    const asked = await driveSocialFlow(auth, "acme", fake.codeFor(kim), { body: { requestSignUp: true } });
    expect(asked.location).toBe("/dashboard");
    expect((await asked.client.get("/get-session")).body.user.email).toBe("kim@example.com");
    const again = await driveSocialFlow(auth, "acme", fake.codeFor(kim));
    expect(again.location).toBe("/dashboard");

    const lee = { sub: "lee-1", email: "lee@example.com", email_verified: true };
    const client = createTestClient(auth);
    const noAsk = await client.post("/sign-in/social", {
      provider: "acme",
      idToken: { token: await fake.idToken(lee) },
    });
    expect(noAsk.status).toBe(400);
    expect(noAsk.body).toMatchObject({ code: "UNABLE_TO_CREATE_ACCOUNT", message: "unable to create account" });
    const ask = await client.post("/sign-in/social", {
      provider: "acme",
      requestSignUp: true,
      idToken: { token: await fake.idToken(lee) },
    });
    expect(ask.status).toBe(200);
    expect(ask.body.user.email).toBe("lee@example.com");
  });

  it("a forged ID token is 401 invalid token", async () => {
    const fake = await startFakeOidc();
    const other = await startFakeOidc();
    const auth = authWithAcme(fake);
    const forged = await other.idToken({ ...kim, iss: fake.idp.url });
    const r = await createTestClient(auth).post("/sign-in/social", { provider: "acme", idToken: { token: forged } });
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ code: "INVALID_ID_TOKEN", message: "invalid token" });
  });

  it("an ID-token sign-in that loses an auto-link race to a concurrent request signs into the same user, not a 500", async () => {
    const fake = await startFakeOidc();
    const auth = authWithAcme(fake, { database: racingAdapter() });
    const { userId } = await signUpUser(auth, "kim@example.com");
    await auth.$context.adapter.update({
      model: "user",
      where: [{ field: "id", value: userId }],
      update: { emailVerified: true },
    });
    const r = await createTestClient(auth).post("/sign-in/social", {
      provider: "acme",
      idToken: { token: await fake.idToken(kim) },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.user.id).toBe(userId);
    const accounts = await auth.$context.accounts.listByUser(userId);
    expect(accounts.filter((a) => a.providerId === "acme").map((a) => a.id)).toEqual(["won-the-race"]);
  });
});
