// Issue 26, attacked by hand: credentials sent together or in another kind's place must not add up to
// more than the weakest honest reading of them. Each case names what an attacker would try.
import { admin } from "@gatehouse-auth/admin";
import { apiKey } from "@gatehouse-auth/api-key";
import { bearer } from "@gatehouse-auth/bearer";
import { signCookieValue } from "@gatehouse-auth/core";
import { createTestClient, makeTestAuth, signUpUser } from "@gatehouse-auth/core/testing";
import { jwt } from "@gatehouse-auth/jwt";
import { multiSession } from "@gatehouse-auth/multi-session";
import { describe, expect, it } from "vitest";

const SECRET = "test-secret-0123456789abcdef0123456789";
const REFUSED = [403, "CREDENTIAL_NOT_ALLOWED"];

async function setUp() {
  const auth = makeTestAuth({
    user: { changeEmail: { enabled: true } },
    plugins: [admin(), apiKey(), bearer(), jwt(), multiSession()],
  });
  const victim = await signUpUser(auth);
  const boss = await signUpUser(auth);
  await auth.$context.users.update(boss.userId, { role: "admin" });
  const key = (await victim.client.post("/api-key/create", { name: "ci" })).body.key as string;
  return { auth, victim, boss, key };
}

const answer = (r: { status: number; body: { code?: string } | null }) => [r.status, r.body?.code];

describe("mixing credentials", () => {
  it("an impersonation session's token sent as a bearer is still an impersonation (refused by own-session)", async () => {
    const { auth, victim, boss } = await setUp();
    const imp = await boss.client.post("/admin/impersonate-user", { userId: victim.userId });
    expect(imp.status).toBe(200);
    const token = imp.body.session.token as string;
    const asBearer = { headers: { authorization: `Bearer ${signCookieValue(SECRET, token)}` } };
    const anon = createTestClient(auth);
    expect(answer(await anon.get("/list-sessions", asBearer))).toEqual(REFUSED);
    expect(answer(await anon.get("/token", asBearer))).toEqual(REFUSED);
    expect(answer(await anon.post("/change-email", { newEmail: "x@example.com" }, asBearer))).toEqual(REFUSED);
    // It is still the user for what impersonation may do.
    expect((await anon.get("/get-session", asBearer)).body.user.id).toBe(victim.userId);
  });

  it("an API key next to a dead session cookie does not stand in for it: 401, not the key's reach", async () => {
    const { auth, victim, key } = await setUp();
    const cookie = [...victim.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    await victim.client.post("/sign-out", {});
    const r = await createTestClient(auth).get("/api-key/list", { headers: { cookie, "x-api-key": key } });
    expect(answer(r)).toEqual([401, "UNAUTHORIZED"]);
  });

  it("an API key next to a live session cookie: the cookie is the credential, the key adds nothing", async () => {
    const { auth, victim, boss, key } = await setUp();
    const cookie = [...boss.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const r = await createTestClient(auth).get("/get-session", { headers: { cookie, "x-api-key": key } });
    expect(r.body.user.id).toBe(boss.userId);
    expect(r.body.user.id).not.toBe(victim.userId);
  });

  it("a JWT from /token is no session: as a bearer or as an API key it opens nothing", async () => {
    const { auth, victim } = await setUp();
    const token = (await victim.client.get("/token")).body.token as string;
    const anon = createTestClient(auth);
    const tries: Record<string, string>[] = [{ authorization: `Bearer ${token}` }, { "x-api-key": token }];
    for (const headers of tries) {
      const r = await anon.get("/list-sessions", { headers });
      expect(r.status).toBe(401);
      // No user either way: null as a bearer, the api-key plugin's INVALID_API_KEY as a key.
      expect((await anon.get("/get-session", { headers })).body?.user).toBeUndefined();
    }
  });

  it("an API key cannot mint a JWT, list the device's accounts, or switch them", async () => {
    const { auth, key } = await setUp();
    const anon = createTestClient(auth);
    const withKey = { headers: { "x-api-key": key } };
    expect(answer(await anon.get("/token", withKey))).toEqual(REFUSED);
    expect(answer(await anon.get("/multi-session/list-device-sessions", withKey))).toEqual(REFUSED);
    expect(answer(await anon.post("/multi-session/set-active", { sessionId: "x" }, withKey))).toEqual(REFUSED);
  });
});
