// A plugin's `authenticate` that forgets (or mistypes) the credential it found must not get the reach
// of the user's own session: the router treats it as `delegated`, which never passes `own-session`.
import { describe, expect, it } from "vitest";
import type { Credential } from "./define-endpoint.js";
import { defineEndpoint } from "./define-endpoint.js";
import { definePlugin } from "../plugins/plugin-types.js";
import { makeTestAuth, signUpUser } from "../testing/make-test-auth.js";
import { createTestClient } from "../testing/test-client.js";

type Auth = ReturnType<typeof makeTestAuth>;

/**
 * A third-party authenticator: `x-test-user: <token>` stands for that session's user, with whatever
 * `x-test-claim` says as the credential (`none`: the field left out, as a careless plugin would).
 */
const careless = definePlugin({
  id: "careless-auth",
  authenticate: async (ctx) => {
    const token = ctx.headers.get("x-test-user");
    if (!token) return null;
    const found = await ctx.auth.sessions.findByToken(token);
    if (!found) return null;
    const claim = ctx.headers.get("x-test-claim") ?? "none";
    if (claim === "none") return found as never; // no `credential` at all
    const credential = JSON.parse(claim) as Credential;
    return { ...found, credential };
  },
  endpoints: {
    reports: defineEndpoint(
      {
        method: "GET",
        path: "/test/reports",
        session: "required",
        apiKeyPermission: { resource: "reports", action: "read" },
      },
      async (ctx) => ({ kind: ctx.credential?.kind }),
    ),
  },
});

async function setUp(): Promise<{ auth: Auth; token: string; call: typeof callAs }> {
  const auth = makeTestAuth({ user: { changeEmail: { enabled: true } }, plugins: [careless] });
  const { token } = await signUpUser(auth);
  return { auth, token, call: callAs };
  function callAs(method: "GET" | "POST", path: string, claim: string, body?: unknown) {
    const headers: Record<string, string> = { "x-test-user": token };
    if (claim !== "none") headers["x-test-claim"] = claim;
    return createTestClient(auth).request(method, path, body, { headers });
  }
}

describe("an authenticator's answer without a credential kind", () => {
  it("is delegated: refused by own-session routes, admitted by `any` ones, needs the permission elsewhere", async () => {
    const { call } = await setUp();
    const change = await call("POST", "/change-email", "none", { newEmail: "thief@example.com" });
    expect([change.status, change.body.code]).toEqual([403, "CREDENTIAL_NOT_ALLOWED"]);
    const sessions = await call("GET", "/list-sessions", "none");
    expect([sessions.status, sessions.body.code]).toEqual([403, "CREDENTIAL_NOT_ALLOWED"]);
    const whoami = await call("GET", "/get-session", "none");
    expect(whoami.status).toBe(200);
    const reports = await call("GET", "/test/reports", "none");
    expect([reports.status, reports.body.code]).toEqual([403, "CREDENTIAL_NOT_ALLOWED"]);
  });

  it("keeps the permissions it names, so a delegated caller reaches what they grant", async () => {
    const { call } = await setUp();
    const claim = JSON.stringify({ permissions: { reports: ["read"] } });
    const reports = await call("GET", "/test/reports", claim);
    expect([reports.status, reports.body]).toEqual([200, { kind: "delegated" }]);
    const change = await call("POST", "/change-email", claim, { newEmail: "thief@example.com" });
    expect([change.status, change.body.code]).toEqual([403, "CREDENTIAL_NOT_ALLOWED"]);
  });

  it("treats a kind the router does not know, or `server`, as delegated too", async () => {
    const { call } = await setUp();
    for (const kind of ["sesion", "server", ""]) {
      const change = await call("POST", "/change-email", JSON.stringify({ kind }), { newEmail: "thief@example.com" });
      expect([kind, change.status, change.body.code]).toEqual([kind, 403, "CREDENTIAL_NOT_ALLOWED"]);
    }
  });

  it("still lets an authenticator that names a session kind act as that session (the bearer plugin's case)", async () => {
    const { call } = await setUp();
    const sessions = await call("GET", "/list-sessions", JSON.stringify({ kind: "bearer" }));
    expect([sessions.status, sessions.body.length]).toEqual([200, 1]);
  });
});

describe("an authenticator answering `organization-key`", () => {
  it("reaches no session route: get-session (`any`), a permission it holds and own-session all refuse it", async () => {
    const { call } = await setUp();
    const claim = JSON.stringify({ kind: "organization-key", permissions: { reports: ["read"] } });
    const refused = {
      code: "CREDENTIAL_NOT_ALLOWED",
      message: "This endpoint cannot be called with an organization API key",
    };
    for (const [method, path, body] of [
      ["GET", "/get-session", undefined],
      ["GET", "/test/reports", undefined],
      ["POST", "/update-user", { name: "Org" }],
      ["POST", "/change-email", { newEmail: "thief@example.com" }],
    ] as const) {
      const r = await call(method, path, claim, body);
      expect([path, r.status, r.body]).toEqual([path, 403, refused]);
    }
  });
});
