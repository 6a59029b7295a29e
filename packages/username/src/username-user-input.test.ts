import { memoryAdapter } from "@gatehouse-auth/core";
import type { AdapterFactory } from "@gatehouse-auth/core";
import { createTestClient } from "@gatehouse-auth/core/testing";
import { describe, expect, it } from "vitest";
import { PASSWORD, countUsers, makeUsernameAuth, signUp } from "./test-helpers.js";

describe("username on sign-up", () => {
  const auth = makeUsernameAuth();

  it("stores the name lower-cased, keeps the spelling in displayUsername, and answers both", async () => {
    const { r, client } = await signUp(auth, { username: "Alice_Smith.99" });
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ username: "alice_smith.99", displayUsername: "Alice_Smith.99" });
    const session = await client.get("/get-session");
    expect(session.body.user).toMatchObject({ username: "alice_smith.99", displayUsername: "Alice_Smith.99" });
  });

  it("is optional: without one the user has none", async () => {
    const { r } = await signUp(auth);
    expect(r.status).toBe(200);
    expect(r.body.user.username ?? null).toBeNull();
    expect(r.body.user.displayUsername ?? null).toBeNull();
  });

  it.each([
    ["too short", "ab"],
    ["too long", "x".repeat(31)],
    ["a space", "has space"],
    ["a trailing space", "trailing "],
    ["a newline", "line\nbreak"],
    ["a dash", "dash-name"],
    ["an @: a name that looks like an email", "bob@example.com"],
    ["non-ASCII letters", "émile"],
    ["a Cyrillic look-alike of admin", "\u0430dmin"],
    ["a full-width letter", "ａdmin"],
    ["markup", "<script>"],
    ["a number instead of a string", 12345],
    ["null", null],
    ["an object", { toString: "admin" }],
  ])("refuses %s with 400 INVALID_USERNAME and creates nobody", async (_, username) => {
    const { r, email } = await signUp(auth, { username });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("INVALID_USERNAME");
    expect(r.headers.get("set-cookie")).toBeNull();
    expect(await countUsers(auth, "email", email)).toBe(0);
  });

  it("accepts the bounds and every allowed character", async () => {
    for (const name of ["abc", `${"a".repeat(27)}x30`, "dot.and_under", "UPPER.lower_09"]) {
      const { r } = await signUp(auth, { username: name });
      expect(r.status, `${name}: ${r.text}`).toBe(200);
    }
  });

  it("treats names that spell Object members (__proto__, constructor) as plain names", async () => {
    for (const name of ["__proto__", "constructor", "toString"]) {
      const { r } = await signUp(auth, { username: name });
      expect(r.status, name).toBe(200);
      expect(r.body.user.username).toBe(name.toLowerCase());
      const signIn = await createTestClient(auth).post("/sign-in/username", { username: name, password: PASSWORD });
      expect(signIn.status, name).toBe(200);
      expect(signIn.body.user.id).toBe(r.body.user.id);
    }
    expect(({} as Record<string, unknown>).username).toBeUndefined();
  });

  it("keeps trailing and repeated dots as written: 'carl.' is a name of its own, not 'carl'", async () => {
    expect((await signUp(auth, { username: "carl" })).r.status).toBe(200);
    const dotted = await signUp(auth, { username: "carl." });
    expect(dotted.r.status).toBe(200);
    expect(dotted.r.body.user.username).toBe("carl.");
  });

  it("refuses a name taken in any case with 400 and creates nothing: admin vs Admin vs ADMIN", async () => {
    expect((await signUp(auth, { username: "admin" })).r.status).toBe(200);
    for (const variant of ["Admin", "ADMIN", "aDmIn"]) {
      const { r, email } = await signUp(auth, { username: variant });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("USERNAME_IS_ALREADY_TAKEN");
      expect(r.body.token).toBeUndefined();
      expect(await countUsers(auth, "email", email)).toBe(0);
    }
    expect(await countUsers(auth, "username", "admin")).toBe(1);
  });

  it("refuses displayUsername from the body: it is the username's spelling, never a name of its own", async () => {
    const { r, email } = await signUp(auth, { username: "honest_name", displayUsername: "Admin" });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("VALIDATION_ERROR");
    expect(await countUsers(auth, "email", email)).toBe(0);
  });

  it("a username cannot be another user's email address, so sign-in by name never finds a user by email", async () => {
    const { email } = await signUp(auth);
    const { r } = await signUp(auth, { username: email });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("INVALID_USERNAME");
    const signIn = await createTestClient(auth).post("/sign-in/username", { username: email, password: PASSWORD });
    expect(signIn.status).toBe(422);
  });

  it("usernameValidator adds the app's rules (reserved names) on top of the character set", async () => {
    const strict = makeUsernameAuth({ usernameValidator: (name) => !/^(root|support)$/i.test(name) });
    const refused = await signUp(strict, { username: "Root" });
    expect(refused.r.status).toBe(400);
    expect(refused.r.body.code).toBe("INVALID_USERNAME");
    expect((await signUp(strict, { username: "rooted" })).r.status).toBe(200);
  });

  it("honours custom length bounds, and refuses impossible ones at startup", async () => {
    const long = makeUsernameAuth({ minUsernameLength: 5, maxUsernameLength: 40 });
    expect((await signUp(long, { username: "abcd" })).r.status).toBe(400);
    expect((await signUp(long, { username: "a".repeat(40) })).r.status).toBe(200);
    expect(() => makeUsernameAuth({ maxUsernameLength: 256 })).toThrow(/maxUsernameLength/);
    expect(() => makeUsernameAuth({ minUsernameLength: 0 })).toThrow(/minUsernameLength/);
  });
});

describe("username when email verification is required (sign-up signs nobody in)", () => {
  const auth = makeUsernameAuth(
    {},
    {
      emailAndPassword: { enabled: true, requireEmailVerification: true },
      emailVerification: { sendOnSignUp: true, sendVerificationEmail: () => {} },
    },
  );

  it("a taken username is refused the same way for a registered and a new address (no email oracle)", async () => {
    const first = await signUp(auth, { username: "quiet_name" });
    expect(first.r.status).toBe(200);
    const registered = await createTestClient(auth).post("/sign-up/email", {
      name: "N",
      email: first.email,
      password: PASSWORD,
      username: "Quiet_Name",
    });
    const fresh = await signUp(auth, { username: "QUIET_NAME" });
    expect(registered.status).toBe(400);
    expect(fresh.r.status).toBe(400);
    expect(registered.body).toEqual(fresh.r.body);
  });
});

describe("username on update-user", () => {
  const auth = makeUsernameAuth();

  it("changes the name; the old one is free again and the new one is taken", async () => {
    const { client } = await signUp(auth, { username: "erin_old" });
    const r = await client.post("/update-user", { username: "Erin_New" });
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ username: "erin_new", displayUsername: "Erin_New" });
    expect((await client.get("/get-session")).body.user.username).toBe("erin_new");
    expect((await signUp(auth, { username: "erin_old" })).r.status).toBe(200);
    expect((await signUp(auth, { username: "erin_new" })).r.body.code).toBe("USERNAME_IS_ALREADY_TAKEN");
  });

  it("adds a name to a user who had none", async () => {
    const { client } = await signUp(auth);
    const r = await client.post("/update-user", { username: "late_comer" });
    expect(r.status).toBe(200);
    expect(r.body.user.username).toBe("late_comer");
  });

  it("lets a user respell their own name, and refuses another user's in any case", async () => {
    const { client } = await signUp(auth, { username: "frank" });
    await signUp(auth, { username: "grace" });
    const respelled = await client.post("/update-user", { username: "FRANK" });
    expect(respelled.status).toBe(200);
    expect(respelled.body.user).toMatchObject({ username: "frank", displayUsername: "FRANK" });
    const taken = await client.post("/update-user", { username: "Grace" });
    expect(taken.status).toBe(400);
    expect(taken.body.code).toBe("USERNAME_IS_ALREADY_TAKEN");
    expect((await client.get("/get-session")).body.user.username).toBe("frank");
  });

  it("refuses a malformed name and changes nothing, the name included", async () => {
    const { client } = await signUp(auth, { username: "heidi" });
    const r = await client.post("/update-user", { name: "Changed", username: "no spaces" });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("INVALID_USERNAME");
    expect((await client.get("/get-session")).body.user).toMatchObject({ name: "Named", username: "heidi" });
  });

  it("refuses displayUsername alone", async () => {
    const { client } = await signUp(auth, { username: "ivan" });
    const r = await client.post("/update-user", { displayUsername: "Mallory" });
    expect(r.status).toBe(400);
    expect((await client.get("/get-session")).body.user.displayUsername).toBe("ivan");
  });
});

/**
 * The memory adapter with one user lookup by `blind.field` answering "nobody" once: as if another
 * request took the value between that lookup and the insert. The write then hits the unique index.
 */
function raceAdapter(blind: { field: string | null }): AdapterFactory {
  return (ctx) => {
    const inner = memoryAdapter()(ctx);
    return {
      ...inner,
      findOne: (args) => {
        const field = blind.field;
        if (field && args.model === "user" && args.where.some((w) => "field" in w && w.field === field)) {
          blind.field = null;
          return Promise.resolve(null);
        }
        return inner.findOne(args);
      },
    };
  };
}

describe("a value taken between the check and the write", () => {
  const blind: { field: string | null } = { field: null };
  const auth = makeUsernameAuth({}, { database: raceAdapter(blind) });

  it("sign-up: the unique index refuses the username with 400 and nothing is created", async () => {
    expect((await signUp(auth, { username: "racer" })).r.status).toBe(200);
    blind.field = "username";
    const { r, email } = await signUp(auth, { username: "Racer" });
    expect(blind.field).toBeNull();
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("USERNAME_IS_ALREADY_TAKEN");
    expect(await countUsers(auth, "email", email)).toBe(0);
    expect(await countUsers(auth, "username", "racer")).toBe(1);
  });

  it("update-user: the same 400, and the user keeps their name", async () => {
    await signUp(auth, { username: "holder" });
    const { client } = await signUp(auth, { username: "mover" });
    blind.field = "username";
    const r = await client.post("/update-user", { username: "HOLDER" });
    expect(blind.field).toBeNull();
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("USERNAME_IS_ALREADY_TAKEN");
    expect((await client.get("/get-session")).body.user.username).toBe("mover");
  });

  it("an email lost to a race stays core's answer (422): the plugin speaks only for its own column", async () => {
    const { email } = await signUp(auth);
    blind.field = "email";
    const r = await createTestClient(auth).post("/sign-up/email", {
      name: "N",
      email,
      password: PASSWORD,
      username: "fresh_racer",
    });
    expect(blind.field).toBeNull();
    expect(r.status).toBe(422);
    expect(r.body.code).toBe("USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL");
    expect(await countUsers(auth, "username", "fresh_racer")).toBe(0);
  });
});
