import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, expectTypeOf, it } from "vitest";
import { AuthError, createAuth, defineErrors, definePlugin, getSessionFromHeaders, memoryAdapter } from "../index.js";
import { createTestClient } from "../testing/test-client.js";

// Through the public API, as an app calls it from its own framework's request handler.
function makeAuth(session?: { updateAge?: number }) {
  return createAuth({
    database: memoryAdapter(),
    secret: "test-secret-0123456789abcdef0123456789",
    baseURL: "http://localhost:3000",
    logger: { error: () => {}, warn: () => {} },
    user: { additionalFields: { favouriteColour: { type: "string", required: false } } },
    ...(session ? { session } : {}),
  });
}

async function signedIn(auth: ReturnType<typeof makeAuth>) {
  const client = createTestClient(auth);
  const email = `h-${Math.random().toString(36).slice(2)}@example.com`;
  const r = await client.post("/sign-up/email", { name: "H", email, password: "password-123" });
  expect(r.status).toBe(200);
  const cookie = r.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { client, email, cookie, token: r.body.token as string };
}

/** The headers node:http hands a real request to, as Express, Fastify and Koa expose them. */
async function nodeHeadersOf(headers: Record<string, string>): Promise<IncomingHttpHeaders> {
  let seen: IncomingHttpHeaders = {};
  const server = createServer((req, res) => {
    seen = req.headers;
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  try {
    await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { headers });
  } finally {
    await new Promise<void>((r) => server.close(() => r()));
  }
  return seen;
}

describe("getSessionFromHeaders", () => {
  it("reads the session from Fetch Headers, node's req.headers, a plain record and pairs", async () => {
    const auth = makeAuth();
    const { email, cookie } = await signedIn(auth);
    const shapes = [
      new Headers({ cookie }),
      await nodeHeadersOf({ cookie, accept: "application/json" }),
      { cookie, "x-unused": undefined },
      [["cookie", cookie]] as [string, string][],
    ];
    for (const headers of shapes) {
      const session = await getSessionFromHeaders(auth, headers);
      expect(session?.user.email).toBe(email);
    }
  });

  it("joins a repeated Cookie header the way node does, with '; '", async () => {
    const auth = makeAuth();
    const { email, cookie } = await signedIn(auth);
    const session = await getSessionFromHeaders(auth, { cookie: ["theme=dark", cookie] });
    expect(session?.user.email).toBe(email);
  });

  it("is typed like auth.api.getSession and returns the same session", async () => {
    const auth = makeAuth();
    const { cookie } = await signedIn(auth);
    const session = await getSessionFromHeaders(auth, new Headers({ cookie }));
    const direct = await auth.api.getSession({ headers: new Headers({ cookie }) });
    expectTypeOf(session).toEqualTypeOf<typeof direct>();
    expect(session).toEqual(direct);
    expect(session?.session.userId).toBe(session?.user.id);
  });

  it("answers null for no cookie, a forged or tampered one, a signed-out session and unusable headers", async () => {
    const auth = makeAuth();
    const { client, cookie, token } = await signedIn(auth);
    expect(await getSessionFromHeaders(auth, {})).toBeNull();
    expect(await getSessionFromHeaders(auth, new Headers())).toBeNull();
    expect(await getSessionFromHeaders(auth, { cookie: `gatehouse.session_token=${token}` })).toBeNull();
    const tampered = cookie.replace(/session_token=(.)/, (_m, c: string) => `session_token=${c === "a" ? "b" : "a"}`);
    expect(await getSessionFromHeaders(auth, { cookie: tampered })).toBeNull();
    // A value no Fetch Headers would take is dropped, not thrown.
    expect(await getSessionFromHeaders(auth, { cookie: `${cookie}\r\nx: y` })).toBeNull();
    expect(await getSessionFromHeaders(auth, { "bad name": "x", cookie })).not.toBeNull();
    expect((await client.post("/sign-out", {})).status).toBe(200);
    expect(await getSessionFromHeaders(auth, { cookie })).toBeNull();
  });

  it("answers null, not a throw, for a credential a plugin refuses (401/403); a 503 still throws", async () => {
    const refusals = defineErrors({
      BAD_KEY: { status: 401, message: "Bad test key" },
      NOT_HERE: { status: 403, message: "Not on this route" },
      DOWN: { status: 503, message: "Key store down" },
    });
    const auth = createAuth({
      database: memoryAdapter(),
      secret: "test-secret-0123456789abcdef0123456789",
      baseURL: "http://localhost:3000",
      logger: { error: () => {}, warn: () => {} },
      plugins: [
        definePlugin({
          id: "test-refusing-key",
          errors: refusals,
          async authenticate(ctx) {
            const key = ctx.headers.get("x-test-key");
            if (key === "bad") throw new AuthError(refusals.BAD_KEY);
            if (key === "org") throw new AuthError(refusals.NOT_HERE);
            if (key === "down") throw new AuthError(refusals.DOWN);
            return null;
          },
        }),
      ],
    });
    const { cookie } = await signedIn(auth);
    // A stranger's header on a page that reads the session: signed out, like no header at all.
    expect(await getSessionFromHeaders(auth, { "x-test-key": "bad" })).toBeNull();
    expect(await getSessionFromHeaders(auth, { "x-test-key": "org" })).toBeNull();
    await expect(getSessionFromHeaders(auth, { "x-test-key": "down" })).rejects.toMatchObject({ status: 503 });
    // The cookie still wins over the header, as on the HTTP route.
    expect(await getSessionFromHeaders(auth, { cookie, "x-test-key": "bad" })).not.toBeNull();
  });

  it("only reads: the session is not extended by it (its cookie could not be renewed)", async () => {
    const auth = makeAuth({ updateAge: 0 });
    const { client, cookie } = await signedIn(auth);
    const first = await getSessionFromHeaders(auth, { cookie });
    await new Promise((r) => setTimeout(r, 5));
    const second = await getSessionFromHeaders(auth, { cookie });
    expect(second?.session.expiresAt).toEqual(first?.session.expiresAt);
    // The browser's own /get-session call does extend it, and sends the renewed cookie.
    const refreshed = await client.get("/get-session");
    expect(refreshed.headers.getSetCookie().some((c) => c.startsWith("gatehouse.session_token="))).toBe(true);
    const third = await getSessionFromHeaders(auth, { cookie });
    expect(new Date(third!.session.expiresAt).getTime()).toBeGreaterThan(new Date(first!.session.expiresAt).getTime());
  });
});
