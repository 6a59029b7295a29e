import { describe, expect, it } from "vitest";
import { AuthError, defineErrors } from "../errors/auth-error.js";
import { makeTestAuth, signUpUser } from "../testing/make-test-auth.js";
import { createTestClient } from "../testing/test-client.js";
import type { EndpointOutcome, HookContext } from "./plugin-types.js";
import { definePlugin } from "./plugin-types.js";

const ERRORS = defineErrors({ REFUSED_BY_HOOK: { status: 403, message: "Refused by a test hook" } });

/** A plugin recording every settled invocation; `mode` makes its listener throw or reject. */
function recorder(mode: "ok" | "throw" | "reject" = "ok") {
  const seen: { path: string; outcome: EndpointOutcome; ip: string | null; userId: string | null }[] = [];
  const plugin = definePlugin({
    id: "recorder",
    errors: ERRORS,
    hooks: {
      before: [
        {
          matcher: (ctx: HookContext) => ctx.endpoint.config.path === "/update-user",
          run: () => {
            throw new AuthError(ERRORS.REFUSED_BY_HOOK);
          },
        },
      ],
    },
    onEndpointSettled(ctx, outcome) {
      seen.push({ path: ctx.endpoint.config.path, outcome, ip: ctx.clientIp, userId: ctx.session?.user.id ?? null });
      if (mode === "throw") throw new Error("listener broke");
      if (mode === "reject") return Promise.reject(new Error("listener rejected"));
    },
  });
  return { plugin, seen };
}

describe("Plugin.onEndpointSettled", () => {
  it("sees successes, validation errors, refusals by before hooks and auth.api calls, once each", async () => {
    const { plugin, seen } = recorder();
    const auth = makeTestAuth({ emailAndPassword: { enabled: true }, plugins: [plugin] });
    const { client, userId, email } = await signUpUser(auth);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ path: "/sign-up/email", ip: "127.0.0.1", outcome: { ok: true, status: 200 } });

    const bad = await createTestClient(auth).post("/sign-in/email", { email, password: "wrong-password" });
    expect(bad.status).toBe(401);
    expect(seen[1]).toMatchObject({ path: "/sign-in/email", outcome: { ok: false, status: 401 } });
    expect(seen[1]?.outcome.error).toBeInstanceOf(AuthError);

    const invalid = await createTestClient(auth).post("/sign-in/email", { email: 42 });
    expect(invalid.status).toBe(400);
    expect(seen[2]).toMatchObject({ path: "/sign-in/email", outcome: { ok: false, status: 400 } });

    const refused = await client.post("/update-user", { name: "New" });
    expect(refused.status).toBe(403);
    expect(seen[3]).toMatchObject({ path: "/update-user", userId, outcome: { ok: false, status: 403 } });

    await auth.api.getSession({ headers: {} });
    expect(seen[4]).toMatchObject({ path: "/get-session", ip: null, outcome: { ok: true, status: 200 } });
    expect(seen).toHaveLength(5);
  });

  it("never changes the answer when a listener throws or rejects; the failure is logged", async () => {
    for (const mode of ["throw", "reject"] as const) {
      const { plugin, seen } = recorder(mode);
      const logged: unknown[] = [];
      const auth = makeTestAuth({
        emailAndPassword: { enabled: true },
        plugins: [plugin],
        logger: { warn: () => {}, error: (...args: unknown[]) => void logged.push(args) },
      });
      const { email, password } = await signUpUser(auth);
      const r = await createTestClient(auth).post("/sign-in/email", { email, password });
      expect(r.status).toBe(200);
      expect(r.body.user.email).toBe(email);
      const wrong = await createTestClient(auth).post("/sign-in/email", { email, password: "nope-nope-nope" });
      expect(wrong.status).toBe(401);
      await auth.settled();
      expect(seen).toHaveLength(3);
      expect(logged).toHaveLength(3);
    }
  });

  it("auth.settled() waits for what a listener still writes after the answer", async () => {
    const written: string[] = [];
    const auth = makeTestAuth({
      emailAndPassword: { enabled: true },
      plugins: [
        definePlugin({
          id: "slow-writer",
          async onEndpointSettled(ctx) {
            await new Promise((resolve) => setTimeout(resolve, 25));
            written.push(ctx.endpoint.config.path);
          },
        }),
      ],
    });
    await signUpUser(auth);
    expect(written).toEqual([]);
    await auth.settled();
    expect(written).toEqual(["/sign-up/email"]);
  });

  it("reports a diverted sign-in as answered, with no new session", async () => {
    const outcomes: { ok: boolean; status: number; newSession: boolean; result?: unknown }[] = [];
    const auth = makeTestAuth({
      emailAndPassword: { enabled: true },
      plugins: [
        definePlugin({
          id: "divert",
          interceptSignIn: (ctx) => (ctx.endpoint.config.path === "/sign-in/email" ? { held: true } : null),
          onEndpointSettled(ctx, outcome) {
            outcomes.push({ ...outcome, newSession: ctx.newSession !== null });
          },
        }),
      ],
    });
    const { email, password } = await signUpUser(auth);
    const r = await createTestClient(auth).post("/sign-in/email", { email, password });
    expect(r.body).toEqual({ held: true });
    expect(outcomes[0]).toMatchObject({ ok: true, newSession: true });
    expect(outcomes[1]).toMatchObject({ ok: true, status: 200, newSession: false, result: { held: true } });
  });

  it("does not hold the answer while a listener is still working", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const auth = makeTestAuth({
      plugins: [definePlugin({ id: "slow", onEndpointSettled: () => gate })],
    });
    const r = await createTestClient(auth).get("/get-session");
    expect(r.status).toBe(200);
    release();
  });
});
