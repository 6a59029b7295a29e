// GET /oauth2/consent-details: what a consent page shows comes from the signed query only; a changed,
// stale or foreign query, no session, or an API key gets nothing.
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENTS, type Provider, navigate, signUp, startProvider } from "./provider-server.js";

let p: Provider;
beforeAll(async () => {
  p = await startProvider("sqlite", {
    clients: [
      {
        clientId: CLIENTS.third.id,
        clientSecret: CLIENTS.third.secret,
        name: "Partner app",
        redirectUris: [CLIENTS.third.redirect],
      },
    ],
  });
});
afterAll(() => p?.close());

async function consentQuery(cookie: string, scope: string) {
  const url = new URL(`${p.issuer}/oauth2/authorize`);
  for (const [k, v] of Object.entries({
    response_type: "code",
    client_id: CLIENTS.third.id,
    redirect_uri: CLIENTS.third.redirect,
    scope,
    state: "s",
    code_challenge: createHash("sha256").update(randomBytes(32).toString("base64url")).digest("base64url"),
    code_challenge_method: "S256",
  }))
    url.searchParams.set(k, v);
  const back = new URL((await navigate(url, cookie)).location as string);
  expect(back.pathname).toBe("/consent");
  return back.search.slice(1);
}

const details = (query: string, cookie?: string) =>
  fetch(`${p.issuer}/oauth2/consent-details?oauth_query=${encodeURIComponent(query)}`, {
    headers: cookie ? { cookie } : {},
  });

describe("consent details", () => {
  it("names the client, the scopes asked for and those already granted", async () => {
    const user = await signUp(p);
    const query = await consentQuery(user.cookie, "openid email");
    const r = await details(query, user.cookie);
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({
      clientId: CLIENTS.third.id,
      clientName: "Partner app",
      redirectHost: "third.example.test",
      scopes: ["openid", "email"],
      grantedScopes: [],
    });
    const accepted = await fetch(`${p.issuer}/oauth2/consent`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: p.baseURL, cookie: user.cookie },
      body: JSON.stringify({ accept: true, oauth_query: query }),
    });
    expect(accepted.status).toBe(200);
    const wider = await consentQuery(user.cookie, "openid email profile");
    expect(await (await details(wider, user.cookie)).json()).toMatchObject({
      scopes: ["openid", "email", "profile"],
      grantedScopes: ["openid", "email"],
    });
  });

  it("refuses a changed or expired query, and a visitor without a session", async () => {
    const user = await signUp(p);
    const query = await consentQuery(user.cookie, "openid");
    const widened = query.replace("scope=openid", "scope=openid+email");
    expect(widened).not.toBe(query);
    const changed = await details(widened, user.cookie);
    expect([changed.status, ((await changed.json()) as { code: string }).code]).toEqual([
      400,
      "INVALID_CONSENT_REQUEST",
    ]);
    expect((await details(query)).status).toBe(401);
    p.clock.offset = 11 * 60 * 1000;
    try {
      expect((await details(query, user.cookie)).status).toBe(400);
    } finally {
      p.clock.offset = 0;
    }
  });

  it("answers 4xx to junk: no query, an empty or huge one, a foreign signature, repeated parameters", async () => {
    const user = await signUp(p);
    const query = await consentQuery(user.cookie, "openid");
    const urls = [
      `${p.issuer}/oauth2/consent-details`,
      `${p.issuer}/oauth2/consent-details?oauth_query=`,
      `${p.issuer}/oauth2/consent-details?oauth_query=${"a".repeat(9000)}`,
      `${p.issuer}/oauth2/consent-details?oauth_query=${encodeURIComponent(query.replace(/sig=[^&]+/, "sig=forged"))}`,
      `${p.issuer}/oauth2/consent-details?oauth_query=${encodeURIComponent(`${query}&scope=email`)}`,
      `${p.issuer}/oauth2/consent-details?oauth_query=%00%ff&oauth_query=x`,
    ];
    for (const url of urls) {
      const r = await fetch(url, { headers: { cookie: user.cookie } });
      expect(r.status, url.slice(0, 120)).toBeGreaterThanOrEqual(400);
      expect(r.status, url.slice(0, 120)).toBeLessThan(500);
    }
  });
});
