import { describe, expect, it } from "vitest";
import { makeTestAuth, signUpUser } from "../testing/make-test-auth.js";
import { createTestClient } from "../testing/test-client.js";

// Additional fields are looked up by body key: a key that names a member of Object.prototype must be
// an unknown field (400), never that member (a 500), and never reach the stored row.
describe("additional fields with prototype-named keys and column limits", () => {
  const auth = makeTestAuth({
    user: {
      additionalFields: {
        nickname: { type: "string" },
        bio: { type: "string", long: true, maxLength: 1000 },
        born: { type: "date", required: false },
        prefs: { type: "json", required: false },
      },
    },
  });
  const signUp = (body: string) =>
    createTestClient(auth).post("/sign-up/email", body, {
      raw: true,
      headers: { "content-type": "application/json" },
    });
  const base = (email: string) => `"name":"N","email":"${email}","password":"password-123"`;

  it.each(["__proto__", "constructor", "hasOwnProperty", "toString", "valueOf"])(
    "sign-up with own key %s answers 400 or ignores it, never 500, and stores nothing of it",
    async (key) => {
      const email = `proto-${key.replace(/_/g, "")}@example.com`;
      const r = await signUp(`{${base(email)},"${key}":{"polluted":1}}`);
      // zod drops a "__proto__" key, so that sign-up succeeds; the other names are unknown fields.
      expect(r.status === 200 || r.body?.code === "VALIDATION_ERROR").toBe(true);
      const user = await auth.$context.users.findByEmail(email);
      if (user) expect(Object.hasOwn(user, key)).toBe(false);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );

  it.each(["constructor", "hasOwnProperty", "__proto__"])("update-user with key %s never answers 500", async (key) => {
    const { client } = await signUpUser(auth);
    const r = await client.post("/update-user", `{"name":"M","${key}":1}`, {
      raw: true,
      headers: { "content-type": "application/json" },
    });
    // The HTTP decoder may drop the key (200) or the field check refuse it (400): never a 500.
    expect(r.status === 200 || r.body.code === "VALIDATION_ERROR").toBe(true);
  });

  it.each(["constructor", "hasOwnProperty", "toString"])(
    "an in-process body with own key %s (no HTTP decoder in between) is an unknown field: 400",
    async (key) => {
      const email = `api-${key.toLowerCase()}@example.com`;
      const body = { name: "N", email, password: "password-123", [key]: 1 };
      await expect(auth.api.signUpEmail({ body })).rejects.toMatchObject({ status: 400 });
      expect(await auth.$context.users.findByEmail(email)).toBeNull();
    },
  );

  it("counts characters as the column does: 255 emoji fit a 255-character name, 256 do not", async () => {
    const ok = await createTestClient(auth).post("/sign-up/email", {
      name: "😀".repeat(255),
      email: "emoji-ok@example.com",
      password: "password-123",
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user.name).toBe("😀".repeat(255));
    const long = await createTestClient(auth).post("/sign-up/email", {
      name: "😀".repeat(256),
      email: "emoji-long@example.com",
      password: "password-123",
    });
    expect(long.status).toBe(400);
    expect(await auth.$context.users.findByEmail("emoji-long@example.com")).toBeNull();
  });

  it("holds additional fields to their maxLength, a storable date and bounded JSON", async () => {
    const { client } = await signUpUser(auth);
    expect((await client.post("/update-user", { nickname: "x".repeat(255) })).status).toBe(200);
    expect((await client.post("/update-user", { nickname: "x".repeat(256) })).status).toBe(400);
    expect((await client.post("/update-user", { bio: "é".repeat(1000) })).status).toBe(200);
    expect((await client.post("/update-user", { bio: "é".repeat(1001) })).status).toBe(400);
    expect((await client.post("/update-user", { born: "2000-01-01T00:00:00Z" })).status).toBe(200);
    for (const born of ["0000-01-01T00:00:00Z", "+275760-09-13T00:00:00Z", "not a date", 8.64e15 + 1]) {
      expect((await client.post("/update-user", { born })).status).toBe(400);
    }
    expect((await client.post("/update-user", { prefs: { a: [1, 2] } })).status).toBe(200);
    expect((await client.post("/update-user", { prefs: { a: "x".repeat(70_000) } })).status).toBe(400);
  });
});

describe("strings no column can store", () => {
  const auth = makeTestAuth();

  it.each([
    ["U+0000", "a\u0000b"],
    ["a lone high surrogate", "a\ud800b"],
    ["a lone low surrogate", "a\udc00"],
    ["a string past the longest column", "x".repeat(20_000)],
  ])("refuses %s in any body field, nested keys included, with 400", async (_label, bad) => {
    const client = createTestClient(auth);
    for (const body of [
      { name: bad, email: "nul@example.com", password: "password-123" },
      { name: "N", email: "nul@example.com", password: "password-123", callbackURL: bad },
      { name: "N", email: "nul@example.com", password: "password-123", extra: { [bad.slice(0, 5)]: 1 } },
    ]) {
      const r = await client.post("/sign-up/email", body);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("VALIDATION_ERROR");
    }
    expect(await auth.$context.users.findByEmail("nul@example.com")).toBeNull();
  });

  it("accepts a well-formed surrogate pair and refuses U+0000 in the query too", async () => {
    const client = createTestClient(auth);
    const ok = await client.post("/sign-up/email", {
      name: "𝄞 ok",
      email: "pair@example.com",
      password: "password-123",
    });
    expect(ok.status).toBe(200);
    const r = await client.get("/verify-email", { query: { token: "a\u0000b" } });
    expect(r.status).toBe(400);
  });

  it("refuses nesting past MAX_INPUT_DEPTH from in-process calls, which skip the HTTP decoder", async () => {
    let deep: unknown = "x";
    for (let i = 0; i < 20_000; i++) deep = { a: deep };
    await expect(
      auth.api.signUpEmail({ body: { name: "N", email: "deep@example.com", password: "password-123", deep } }),
    ).rejects.toMatchObject({ status: 400 });
  });
});

// What no request schema sees (provider profiles, plugin writes) still cannot reach a column it does
// not fit: the Db layer refuses it as a 400 on every adapter, instead of a 500 on one dialect.
describe("writes the columns cannot hold", () => {
  const auth = makeTestAuth();
  const db = () => auth.$context.db;
  const base = { name: "N", email: "db@example.com", emailVerified: false };

  it.each([
    ["a name past its column", { ...base, name: "x".repeat(256) }],
    ["U+0000", { ...base, name: "a\u0000" }],
    ["a lone surrogate", { ...base, email: "\udc00@example.com" }],
    ["a date past year 9999", { ...base, createdAt: new Date(8.64e15) }],
    ["an Invalid Date", { ...base, updatedAt: new Date(Number.NaN) }],
  ])("refuses %s with 400 and writes nothing", async (_label, data) => {
    await expect(db().create({ model: "user", data })).rejects.toMatchObject({ status: 400 });
    expect(await db().count({ model: "user" })).toBe(0);
  });

  it("holds the same rules on update, and lets values that fit through", async () => {
    const user = await db().create<{ id: string }>({ model: "user", data: { ...base, name: "😀".repeat(255) } });
    const where = [{ field: "id", value: user.id }];
    await expect(db().update({ model: "user", where, update: { name: "😀".repeat(256) } })).rejects.toMatchObject({
      status: 400,
    });
    await expect(db().update({ model: "user", where, update: { image: "é".repeat(20_000) } })).resolves.toBeTruthy();
    await expect(db().update({ model: "user", where, update: { image: "😀".repeat(17_000) } })).rejects.toMatchObject({
      status: 400,
    });
  });
});
