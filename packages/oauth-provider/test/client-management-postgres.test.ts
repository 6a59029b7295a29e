// Client management on PostgreSQL (a private schema): racing secret rotations, disable with live tokens,
// and an RFC 7592 delete, where read-committed concurrency is real.
import { admin } from "@gatehouse-auth/admin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyAccessToken } from "../src/index.js";
import { grantTokens, secretWorks, userinfoStatus } from "./client-flows.js";
import { type Provider, signUp, startProvider } from "./provider-server.js";

let p: Provider;
let cookie: string;
beforeAll(async () => {
  p = await startProvider("postgres", { allowDynamicClientRegistration: true }, [admin()]);
  const a = await signUp(p);
  await p.auth.$context.users.update(a.userId, { role: "admin" });
  cookie = a.cookie;
});
afterAll(() => p?.close());

async function post(path: string, body: unknown) {
  const r = await fetch(`${p.issuer}${path}`, {
    method: "POST",
    headers: { origin: p.baseURL, "content-type": "application/json", cookie },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

describe("client management on PostgreSQL", () => {
  it("of five racing rotations exactly one secret works; disable kills live tokens; enable does not revive them", async () => {
    const created = await post("/oauth2/admin/create-client", {
      name: "PG app",
      redirectUris: ["https://pg.example.org/cb"],
      skipConsent: true,
    });
    expect(created.status).toBe(200);
    const clientId = (created.body.client as { clientId: string }).clientId;
    const first = created.body.clientSecret as string;
    const rotations = await Promise.all(
      Array.from({ length: 5 }, () => post("/oauth2/admin/rotate-client-secret", { clientId })),
    );
    expect(rotations.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const secrets = rotations.map((r) => r.body.clientSecret as string);
    const working: string[] = [];
    for (const s of [first, ...secrets]) if (await secretWorks(p, clientId, s)) working.push(s);
    expect(working).toHaveLength(1);
    expect(secrets).toContain(working[0]);

    const user = await signUp(p);
    const t = await grantTokens(p, user.cookie, {
      id: clientId,
      secret: working[0],
      redirect: "https://pg.example.org/cb",
    });
    expect(await userinfoStatus(p, t.access_token)).toBe(200);
    expect((await post("/oauth2/admin/disable-client", { clientId })).status).toBe(200);
    expect(await verifyAccessToken(p.auth, t.access_token)).toBeNull();
    expect(await secretWorks(p, clientId, working[0] as string)).toBe(false);
    expect((await post("/oauth2/admin/enable-client", { clientId })).status).toBe(200);
    expect(await secretWorks(p, clientId, working[0] as string)).toBe(true);
    expect(await userinfoStatus(p, t.access_token)).toBe(401);
  });

  it("an RFC 7592 delete revokes the client's tokens and removes its consents", async () => {
    const reg = await fetch(`${p.issuer}/oauth2/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "Agent", redirect_uris: ["https://agent.example.org/cb"] }),
    });
    const c = (await reg.json()) as Record<string, string>;
    const user = await signUp(p);
    const t = await grantTokens(p, user.cookie, {
      id: c.client_id as string,
      secret: c.client_secret,
      redirect: "https://agent.example.org/cb",
    });
    const del = await fetch(c.registration_client_uri as string, {
      method: "DELETE",
      headers: { authorization: `Bearer ${c.registration_access_token}` },
    });
    expect(del.status).toBe(204);
    expect(await userinfoStatus(p, t.access_token)).toBe(401);
    expect(
      await p.auth.$context.db.count({
        model: "oauthConsent",
        where: [{ field: "clientId", value: c.client_id as string }],
      }),
    ).toBe(0);
  });
});
