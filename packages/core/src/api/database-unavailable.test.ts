// Core's half of an outage: whatever the adapter, a DatabaseUnavailableError from it is answered
// 503 DATABASE_UNAVAILABLE with Retry-After (and not logged again: the adapter logged the outage);
// any other failure of a query is a bug, answered 500 and logged.
import { describe, expect, it } from "vitest";
import { DatabaseUnavailableError, isDatabaseUnavailableError } from "../adapter/adapter-errors.js";
import type { Adapter } from "../adapter/adapter-types.js";
import { memoryAdapter } from "../adapter/memory-adapter.js";
import { createAuth } from "../create-auth.js";
import { createTestClient } from "../testing/test-client.js";

/** The memory adapter whose reads fail with `failure` while `broken.on`. */
function flakyAdapter(failure: () => Error, broken: { on: boolean }) {
  return (ctx: Parameters<ReturnType<typeof memoryAdapter>>[0]): Adapter => {
    const inner = memoryAdapter()(ctx);
    const fail = async <T>(run: () => Promise<T>) => {
      if (broken.on) throw failure();
      return run();
    };
    return {
      ...inner,
      findOne: (args) => fail(() => inner.findOne(args)),
      findMany: (args) => fail(() => inner.findMany(args)),
      create: (args) => fail(() => inner.create(args)),
    };
  };
}

function make(database: ReturnType<typeof flakyAdapter>) {
  const errors: unknown[][] = [];
  const auth = createAuth({
    database,
    secret: "test-secret-0123456789abcdef0123456789",
    logger: { error: (...args: unknown[]) => void errors.push(args), warn: () => {} },
  });
  return { auth, errors };
}

describe("an unreachable database", () => {
  it("is answered 503 DATABASE_UNAVAILABLE with Retry-After, and the same request succeeds once it is back", async () => {
    const broken = { on: false };
    const { auth, errors } = make(
      flakyAdapter(() => new DatabaseUnavailableError("database unreachable at x"), broken),
    );
    const client = createTestClient(auth);
    const signUp = await client.post("/sign-up/email", { name: "A", email: "a@example.com", password: "password-123" });
    expect(signUp.status).toBe(200);
    broken.on = true;
    for (const r of [
      await client.get("/get-session"),
      await client.post("/sign-in/email", { email: "a@example.com", password: "password-123" }),
    ]) {
      expect(r.status).toBe(503);
      expect(r.headers.get("retry-after")).toBe("5");
      expect(r.body).toEqual({
        code: "DATABASE_UNAVAILABLE",
        message: "Database unavailable. Please try again shortly.",
      });
    }
    // The same answer through auth.api with asResponse; a plain server call gets the typed error.
    const body = { email: "a@example.com", password: "password-123" };
    const asResponse = await auth.api.signInEmail({ body, asResponse: true });
    expect(asResponse.status).toBe(503);
    expect(asResponse.headers.get("retry-after")).toBe("5");
    await expect(auth.api.signInEmail({ body })).rejects.toSatisfy(isDatabaseUnavailableError);
    expect(errors).toEqual([]); // the adapter reports the outage once; core adds nothing per request
    broken.on = false;
    expect((await client.get("/get-session")).body.user.email).toBe("a@example.com");
  });

  it("a query that fails for any other reason stays a 500, logged", async () => {
    const broken = { on: false };
    const { auth, errors } = make(flakyAdapter(() => new Error('syntax error at or near "frm"'), broken));
    const client = createTestClient(auth);
    await client.post("/sign-up/email", { name: "A", email: "a@example.com", password: "password-123" });
    broken.on = true;
    const r = await client.get("/get-session");
    expect(r.status).toBe(500);
    expect(r.headers.get("retry-after")).toBeNull();
    expect(r.body.code).toBe("INTERNAL_SERVER_ERROR");
    expect(errors).toHaveLength(1);
  });
});
