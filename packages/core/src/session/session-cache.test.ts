// The signed session-data cookie (session.cookieCache): what get-session answers from it must be what
// it answers from the database, Dates included — the app's own date fields too.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineEndpoint } from "../api/define-endpoint.js";
import { hmacSha256Base64Url } from "../crypto/index.js";
import { definePlugin } from "../plugins/plugin-types.js";
import { makeTestAuth, signUpUser } from "../testing/make-test-auth.js";

const SECRET = "test-secret-0123456789abcdef0123456789";
const SEEN = new Date("2026-11-20T08:30:00.123Z");

// A user date field the app adds, set through an endpoint so the row (and the cache) holds it.
const lastSeen = definePlugin({
  id: "last-seen",
  schema: { user: { fields: { lastSeenAt: { type: "date", required: false, input: false } } } },
  endpoints: {
    markSeen: defineEndpoint(
      { method: "POST", path: "/seen/mark", session: "required", body: z.object({}) },
      async (ctx) => {
        await ctx.auth.users.update(ctx.session.user.id, { lastSeenAt: SEEN });
        return { ok: true };
      },
    ),
  },
});

async function cachedSignIn() {
  const auth = makeTestAuth({ plugins: [lastSeen], session: { cookieCache: { enabled: true, maxAge: 300 } } });
  const { client, email, password, userId } = await signUpUser(auth);
  await client.post("/seen/mark", {});
  // A fresh sign-in writes the cache cookie from the row that now has lastSeenAt.
  expect((await client.post("/sign-in/email", { email, password })).status).toBe(200);
  const cookie = () => [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const cacheName = [...client.cookies.keys()].find((k) => k.endsWith("session_data"));
  expect(cacheName).toBeDefined();
  return { auth, client, userId, cookie, cacheName: cacheName as string };
}

describe("the session cookie cache", () => {
  it("answers from the cookie alone, with every date field of the schema as a Date", async () => {
    const { auth, userId, cookie } = await cachedSignIn();
    const fromDb = await auth.api.getSession({
      headers: new Headers({ cookie: cookie() }),
      query: { disableCookieCache: true },
    });
    // Delete the user behind the cache's back: only an answer from the cookie can still name it.
    await auth.$context.adapter.delete({ model: "user", where: [{ field: "id", value: userId }] });
    const cached = await auth.api.getSession({ headers: new Headers({ cookie: cookie() }) });
    expect(cached?.user.id).toBe(userId);
    expect(cached?.user.lastSeenAt).toBeInstanceOf(Date);
    expect((cached?.user.lastSeenAt as Date | undefined)?.toISOString()).toBe(SEEN.toISOString());
    for (const d of [
      cached?.user.createdAt,
      cached?.user.updatedAt,
      cached?.session.createdAt,
      cached?.session.updatedAt,
      cached?.session.expiresAt,
    ])
      expect(d).toBeInstanceOf(Date);
    expect(cached).toEqual(fromDb);
  });

  it("stores dates as milliseconds, and still reads a cookie written with ISO text", async () => {
    const { auth, userId, client, cookie, cacheName } = await cachedSignIn();
    const raw = client.cookies.get(cacheName) as string;
    const payload = raw.slice(0, raw.lastIndexOf("."));
    const data = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    expect(typeof data.session.expiresAt).toBe("number");
    expect(data.user.lastSeenAt).toBe(SEEN.getTime());
    // The same data as an earlier version wrote it: Dates as JSON text.
    for (const row of [data.session, data.user])
      for (const k of Object.keys(row))
        if (typeof row[k] === "number" && k !== "cachedUntil") row[k] = new Date(row[k]).toISOString();
    const isoPayload = Buffer.from(JSON.stringify(data)).toString("base64url");
    client.cookies.set(cacheName, `${isoPayload}.${hmacSha256Base64Url(SECRET, isoPayload)}`);
    await auth.$context.adapter.delete({ model: "user", where: [{ field: "id", value: userId }] });
    const cached = await auth.api.getSession({ headers: new Headers({ cookie: cookie() }) });
    expect(cached?.user.id).toBe(userId);
    expect((cached?.user.lastSeenAt as Date | undefined)?.getTime()).toBe(SEEN.getTime());
    expect(cached?.session.expiresAt).toBeInstanceOf(Date);
  });

  it("ignores a tampered, foreign or expired cache cookie and asks the database", async () => {
    const { auth, userId, client, cookie, cacheName } = await cachedSignIn();
    const raw = client.cookies.get(cacheName) as string;
    const payload = raw.slice(0, raw.lastIndexOf("."));
    const data = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    const signed = (d: unknown) => {
      const p = Buffer.from(JSON.stringify(d)).toString("base64url");
      return `${p}.${hmacSha256Base64Url(SECRET, p)}`;
    };
    const variants = [
      `${payload}x.${raw.slice(raw.lastIndexOf(".") + 1)}`, // payload changed, signature kept
      `${payload}.${hmacSha256Base64Url("another-secret-0123456789abcdef012345", payload)}`, // another key
      signed({ ...data, cachedUntil: Date.now() - 1 }), // cache lifetime over
      signed({ ...data, session: { ...data.session, expiresAt: Date.now() - 1 } }), // session over
      signed({ ...data, session: { ...data.session, token: "someone-else" } }), // another session's cache
      signed({ ...data, session: { ...data.session, expiresAt: "not a date" } }), // unreadable expiry
      signed({ cachedUntil: data.cachedUntil }), // no rows
    ];
    await auth.$context.adapter.delete({ model: "user", where: [{ field: "id", value: userId }] });
    for (const v of variants) {
      client.cookies.set(cacheName, v);
      // The database no longer has the user, so anything but null came from the bad cookie.
      expect(await auth.api.getSession({ headers: new Headers({ cookie: cookie() }) }), v.slice(0, 40)).toBeNull();
    }
  });
});
