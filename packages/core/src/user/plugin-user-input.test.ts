import { describe, expect, it } from "vitest";
import { AuthError, defineErrors } from "../errors/auth-error.js";
import { definePlugin } from "../plugins/plugin-types.js";
import type { Plugin } from "../plugins/plugin-types.js";
import { makeTestAuth, signUpUser } from "../testing/make-test-auth.js";
import { createTestClient } from "../testing/test-client.js";
import type { PluginUserInput } from "./plugin-user-input.js";

const ERRORS = defineErrors({
  BAD_HANDLE: { status: 400, message: "Bad handle" },
  HANDLE_TAKEN: { status: 400, message: "Handle taken" },
});

/** A plugin owning `handle`: stored upper-cased in a unique column, `handleSeen` records what parse got. */
function handlePlugin(log: { input: Record<string, unknown>; mode: string; userId: string | null }[]) {
  const userInput: PluginUserInput = {
    keys: ["handle"],
    parse(input, { mode, user }) {
      log.push({ input, mode, userId: user?.id ?? null });
      if (!("handle" in input)) return {};
      if (typeof input.handle !== "string" || input.handle.length < 2) throw new AuthError(ERRORS.BAD_HANDLE);
      return { handle: input.handle.toUpperCase() };
    },
    onUniqueConflict(columns) {
      if (columns.handle) throw new AuthError(ERRORS.HANDLE_TAKEN);
    },
  };
  return definePlugin({
    id: "handle",
    errors: ERRORS,
    schema: { user: { fields: { handle: { type: "string", required: false, unique: true, input: false } } } },
    userInput,
  });
}

describe("a plugin's own user input (Plugin.userInput)", () => {
  const log: { input: Record<string, unknown>; mode: string; userId: string | null }[] = [];
  const auth = makeTestAuth({ plugins: [handlePlugin(log)] });
  const client = () => createTestClient(auth);
  const body = (extra: Record<string, unknown>) => ({
    name: "N",
    email: `h-${Math.random().toString(36).slice(2)}@example.com`,
    password: "password-123",
    ...extra,
  });

  it("gets only its keys on sign-up and writes what it returns", async () => {
    log.length = 0;
    const r = await client().post("/sign-up/email", body({ handle: "abc" }));
    expect(r.status).toBe(200);
    expect(r.body.user.handle).toBe("ABC");
    expect(log).toEqual([{ input: { handle: "abc" }, mode: "create", userId: null }]);
  });

  it("is asked even when none of its keys is there (a plugin may require one)", async () => {
    log.length = 0;
    expect((await client().post("/sign-up/email", body({}))).status).toBe(200);
    expect(log).toEqual([{ input: {}, mode: "create", userId: null }]);
  });

  it("refuses the request with its own error, creating nothing", async () => {
    const input = body({ handle: "x" });
    const r = await client().post("/sign-up/email", input);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("BAD_HANDLE");
    expect(await auth.$context.users.findByEmail(input.email)).toBeNull();
  });

  it("on update-user gets the user being updated, and its column changes", async () => {
    const { client: signedIn, userId } = await signUpUser(auth);
    log.length = 0;
    const r = await signedIn.post("/update-user", { handle: "new" });
    expect(r.status).toBe(200);
    expect(r.body.user.handle).toBe("NEW");
    expect(log).toEqual([{ input: { handle: "new" }, mode: "update", userId }]);
  });

  it("answers a unique-constraint clash on its column through onUniqueConflict, never a 500", async () => {
    expect((await client().post("/sign-up/email", body({ handle: "dup" }))).status).toBe(200);
    const clash = body({ handle: "DUP" });
    const r = await client().post("/sign-up/email", clash);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("HANDLE_TAKEN");
    expect(await auth.$context.users.findByEmail(clash.email)).toBeNull();
    const { client: other } = await signUpUser(auth);
    const update = await other.post("/update-user", { handle: "dup" });
    expect(update.status).toBe(400);
    expect(update.body.code).toBe("HANDLE_TAKEN");
  });

  it("without the plugin the key is an unknown field (400)", async () => {
    const bare = makeTestAuth();
    const r = await createTestClient(bare).post("/sign-up/email", body({ handle: "abc" }));
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("VALIDATION_ERROR");
  });

  it("a key owned twice, or also an additional field, fails createAuth", () => {
    const second: Plugin = { id: "handle-2", userInput: { keys: ["handle"], parse: () => ({}) } };
    expect(() => makeTestAuth({ plugins: [handlePlugin([]), second] })).toThrow(/both read user input handle/);
    expect(() =>
      makeTestAuth({ user: { additionalFields: { handle: { type: "string" } } }, plugins: [second] }),
    ).toThrow(/also an additional field/);
  });
});
