import { describe, expect, it } from "vitest";
import { createAuth } from "../create-auth.js";
import { memoryAdapter } from "../adapter/memory-adapter.js";
import { makeMailAuth } from "../testing/make-mail-auth.js";
import { createTestClient } from "../testing/test-client.js";

const makeAuth = (extra: Partial<Parameters<typeof createAuth>[0]> = {}) =>
  createAuth({
    database: memoryAdapter(),
    secret: "test-secret-0123456789abcdef0123456789",
    baseURL: "http://localhost:3000",
    user: {
      additionalFields: {
        nickname: { type: "string" },
        age: { type: "number", required: false },
        role: { type: "string", input: false, defaultValue: "user" },
      },
    },
    logger: { error: () => {}, warn: () => {} },
    ...extra,
  });

const countRows = async (auth: ReturnType<typeof makeAuth>, model: string) => auth.$context.adapter.count({ model });

describe("POST /sign-up/email", () => {
  it("creates user, credential account and session; the password hash never leaves the server", async () => {
    const auth = makeAuth();
    const client = createTestClient(auth);
    const r = await client.post("/sign-up/email", {
      name: "Ada",
      email: "  Ada@Example.COM ",
      password: "password-123",
      nickname: "ada",
    });
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({
      email: "ada@example.com",
      name: "Ada",
      emailVerified: false,
      nickname: "ada",
      role: "user",
    });
    expect(r.text).not.toMatch(/password/i);
    expect(await countRows(auth, "account")).toBe(1);
    const account = await auth.$context.accounts.findCredential(r.body.user.id);
    expect(account?.password).toMatch(/^[0-9a-f]+:[0-9a-f]+$/);
    const s = await client.get("/get-session");
    expect(s.body.user.id).toBe(r.body.user.id);
    expect(s.body.session.token).toBe(r.body.token);
  });

  it("stores only a hash of the session token", async () => {
    const auth = makeAuth();
    const r = await createTestClient(auth).post("/sign-up/email", {
      name: "A",
      email: "hash@example.com",
      password: "password-123",
    });
    const [row] = await auth.$context.adapter.findMany({ model: "session" });
    expect(row?.token).toBeTruthy();
    expect(row?.token).not.toBe(r.body.token);
  });

  it.each([
    [{ email: "x@example.com", password: "password-123" }, "VALIDATION_ERROR"],
    [{ name: "X", password: "password-123" }, "VALIDATION_ERROR"],
    [{ name: "X", email: "x@example.com" }, "VALIDATION_ERROR"],
    [{ name: 5, email: "x@example.com", password: "password-123" }, "VALIDATION_ERROR"],
    [{ name: "X", email: "no-at-sign", password: "password-123" }, "INVALID_EMAIL"],
    [{ name: "X", email: "a b@example.com", password: "password-123" }, "INVALID_EMAIL"],
    [{ name: "X", email: "x@example.com", password: "short" }, "PASSWORD_TOO_SHORT"],
    [{ name: "X", email: "x@example.com", password: "p".repeat(129) }, "PASSWORD_TOO_LONG"],
    [{ name: "X", email: "x@example.com", password: "password-123", unknownField: 1 }, "VALIDATION_ERROR"],
    [{ name: "X", email: "x@example.com", password: "password-123", role: "admin" }, "VALIDATION_ERROR"],
    [{ name: "X", email: "x@example.com", password: "password-123", age: "old" }, "VALIDATION_ERROR"],
  ])("refuses %j with %s and writes nothing", async (body, code) => {
    const auth = makeAuth();
    const r = await createTestClient(auth).post("/sign-up/email", body);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(code);
    expect(typeof r.body.message).toBe("string");
    expect(await countRows(auth, "user")).toBe(0);
    expect(await countRows(auth, "account")).toBe(0);
  });

  it("refuses bodies that are not JSON objects, and oversized bodies", async () => {
    const auth = makeAuth({ advanced: { maxBodySize: 1024 } });
    const client = createTestClient(auth);
    const notJson = await client.post("/sign-up/email", "{not json", {
      raw: true,
      headers: { "content-type": "application/json" },
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body.code).toBe("INVALID_JSON");
    const array = await client.post("/sign-up/email", [1, 2]);
    expect(array.status).toBe(400);
    const xml = await client.post("/sign-up/email", "<a/>", {
      raw: true,
      headers: { "content-type": "application/xml" },
    });
    expect(xml.status).toBe(415);
    const big = await client.post("/sign-up/email", {
      name: "x".repeat(2000),
      email: "big@example.com",
      password: "password-123",
    });
    expect(big.status).toBe(413);
    expect(await countRows(auth, "user")).toBe(0);
  });

  it("answers 422 for a taken email in any case, and a racing duplicate creates one user", async () => {
    const auth = makeAuth();
    const body = { name: "A", email: "race@example.com", password: "password-123" };
    const results = await Promise.all([1, 2, 3].map(() => createTestClient(auth).post("/sign-up/email", body)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 422, 422]);
    expect(await countRows(auth, "user")).toBe(1);
    expect(await countRows(auth, "account")).toBe(1);
    const again = await createTestClient(auth).post("/sign-up/email", { ...body, email: "RACE@example.com" });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe("User already exists");
  });

  it("signs nobody in when email verification is required, and respects disableSignUp", async () => {
    const verify = makeAuth({ emailAndPassword: { requireEmailVerification: true } });
    const client = createTestClient(verify);
    const r = await client.post("/sign-up/email", { name: "A", email: "v@example.com", password: "password-123" });
    expect(r.status).toBe(200);
    expect(r.body.token).toBeNull();
    expect((await client.get("/get-session")).body).toBeNull();
    const closed = makeAuth({ emailAndPassword: { disableSignUp: true } });
    const refused = await createTestClient(closed).post("/sign-up/email", {
      name: "A",
      email: "c@example.com",
      password: "password-123",
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("EMAIL_PASSWORD_SIGN_UP_DISABLED");
  });

  describe("requireEmailVerification: a registered address is answered like a new one", () => {
    const setup = () => {
      const mails: { to: string; token: string }[] = [];
      const auth = makeMailAuth({
        emailAndPassword: { requireEmailVerification: true },
        user: {
          additionalFields: {
            nickname: { type: "string", required: false },
            role: { type: "string", input: false, defaultValue: "user" },
          },
        },
        emailVerification: {
          sendVerificationEmail: ({ user, token }) => void mails.push({ to: user.email, token }),
        },
      }).auth;
      return { auth, mails };
    };
    const signUp = (auth: Parameters<typeof createTestClient>[0], email: string, password = "password-123") =>
      createTestClient(auth).post("/sign-up/email", { name: "Someone", email, password, nickname: "nick" });

    it("same status, same body shape, no session, a fresh id; the owner's account is untouched", async () => {
      const { auth, mails } = setup();
      const first = await signUp(auth, "owner@example.com");
      const fresh = await signUp(auth, "fresh@example.com");
      const again = await signUp(auth, "Owner@Example.com", "attacker-password");
      expect(again.status).toBe(fresh.status);
      expect(again.headers.getSetCookie()).toEqual([]);
      expect(again.body.token).toBeNull();
      expect(Object.keys(again.body)).toEqual(Object.keys(fresh.body));
      expect(Object.keys(again.body.user)).toEqual(Object.keys(fresh.body.user));
      for (const key of Object.keys(fresh.body.user)) {
        expect(typeof again.body.user[key], key).toBe(typeof fresh.body.user[key]);
      }
      expect(again.body.user).toMatchObject({
        email: "owner@example.com",
        name: "Someone",
        nickname: "nick",
        role: "user",
        emailVerified: false,
      });
      expect(again.body.user.id).not.toBe(first.body.user.id);
      expect(again.body.user.id).toMatch(/^[A-Za-z0-9]{32}$/);
      expect(await countRows(auth, "user")).toBe(2);
      // The unverified owner gets a fresh link (for the real account); the attacker's password is not set.
      const ownerMails = mails.filter((m) => m.to === "owner@example.com");
      expect(ownerMails).toHaveLength(2);
      const verified = await createTestClient(auth).get("/verify-email", { query: { token: ownerMails[1]!.token } });
      expect(verified.body.user.id).toBe(first.body.user.id);
      const client = createTestClient(auth);
      const attacker = await client.post("/sign-in/email", {
        email: "owner@example.com",
        password: "attacker-password",
      });
      expect(attacker.status).toBe(401);
      const owner = await client.post("/sign-in/email", { email: "owner@example.com", password: "password-123" });
      expect(owner.status).toBe(200);
    });

    it("a verified owner gets no mail; racing sign-ups of one address all answer 200 and create one user", async () => {
      const { auth, mails } = setup();
      await signUp(auth, "verified@example.com");
      await createTestClient(auth).get("/verify-email", { query: { token: mails[0]!.token } });
      const again = await signUp(auth, "verified@example.com");
      expect(again.status).toBe(200);
      expect(mails.filter((m) => m.to === "verified@example.com")).toHaveLength(1);
      const results = await Promise.all([1, 2, 3].map(() => signUp(auth, "race-quiet@example.com")));
      expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(
        await auth.$context.adapter.count({
          model: "user",
          where: [{ field: "email", value: "race-quiet@example.com" }],
        }),
      ).toBe(1);
    });
  });
});
