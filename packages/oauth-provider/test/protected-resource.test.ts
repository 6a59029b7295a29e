// A protected resource in the app's process (the MCP shape): RFC 9728 metadata, the 401 that points
// to it, and requireBearer accepting only live tokens issued for this resource. On SQLite.
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENTS, type Provider, basic, navigate, postForm, signUp, startProvider } from "./provider-server.js";

let p: Provider;
beforeAll(async () => {
  p = await startProvider("sqlite");
});
afterAll(() => p?.close());

async function tokenFor(cookie: string, resource?: string) {
  const verifier = randomBytes(32).toString("base64url");
  const url = new URL(`${p.issuer}/oauth2/authorize`);
  const params: Record<string, string> = {
    response_type: "code",
    client_id: CLIENTS.web.id,
    redirect_uri: CLIENTS.web.redirect,
    scope: "openid email",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    ...(resource ? { resource } : {}),
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const code = new URL((await navigate(url, cookie)).location as string).searchParams.get("code") as string;
  const form: Record<string, string> = {
    grant_type: "authorization_code",
    code,
    redirect_uri: CLIENTS.web.redirect,
    code_verifier: verifier,
    ...(resource ? { resource } : {}),
  };
  const r = await postForm(`${p.issuer}/oauth2/token`, form, {
    authorization: basic(CLIENTS.web.id, CLIENTS.web.secret),
  });
  return r.body?.access_token as string;
}

const callMcp = (token?: string) =>
  fetch(`${p.baseURL}/mcp`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe("protected resource", () => {
  it("without a token: 401 naming the RFC 9728 metadata, which names the issuer", async () => {
    const r = await callMcp();
    expect(r.status).toBe(401);
    const header = r.headers.get("www-authenticate") as string;
    expect(header).toBe(`Bearer resource_metadata="${p.baseURL}/.well-known/oauth-protected-resource/mcp"`);
    const meta = (await (await fetch(`${p.baseURL}/.well-known/oauth-protected-resource/mcp`)).json()) as Record<
      string,
      unknown
    >;
    expect(meta).toMatchObject({ resource: `${p.baseURL}/mcp`, authorization_servers: [p.issuer] });
  });

  it("accepts a live token for this resource only", async () => {
    const user = await signUp(p);
    const forMcp = await tokenFor(user.cookie, `${p.baseURL}/mcp`);
    const ok = await callMcp(forMcp);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ sub: user.userId, client_id: CLIENTS.web.id, scope: "openid email" });
    const unbound = await tokenFor(user.cookie);
    const refused = await callMcp(unbound);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toContain('error="invalid_token"');
    expect((await callMcp(`${forMcp}x`)).status).toBe(401);
    await fetch(`${p.baseURL}/api/auth/sign-out`, {
      method: "POST",
      headers: { cookie: user.cookie, origin: p.baseURL },
    });
    expect((await callMcp(forMcp)).status).toBe(401);
  });
});
