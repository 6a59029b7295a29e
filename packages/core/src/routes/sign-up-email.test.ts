import { describe, expect, it } from "vitest";
import { createAuth } from "../create-auth.js";
import { memoryAdapter } from "../adapter/memory-adapter.js";
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
});
