// Test helper: a user grants a client tokens through the real code flow (authorize → consent if asked →
// token), over HTTP.
import { createHash, randomBytes } from "node:crypto";
import { expect } from "vitest";
import { type Provider, basic, navigate, postForm } from "./provider-server.js";

export interface TestClientCredentials {
  id: string;
  secret?: string | null;
  redirect: string;
}

/** The code flow for `user` (a cookie), consenting when the provider asks; answers the token response. */
export async function grantTokens(
  p: Provider,
  cookie: string,
  client: TestClientCredentials,
  scope = "openid offline_access",
) {
  const verifier = randomBytes(32).toString("base64url");
  const url = new URL(`${p.issuer}/oauth2/authorize`);
  for (const [k, v] of Object.entries({
    response_type: "code",
    client_id: client.id,
    redirect_uri: client.redirect,
    scope,
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  }))
    url.searchParams.set(k, v);
  let location = new URL((await navigate(url, cookie)).location as string);
  if (!location.href.startsWith(client.redirect)) {
    // The consent page: accept through the JSON API, as the example app's page does.
    const r = await fetch(`${p.issuer}/oauth2/consent`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: p.baseURL, cookie },
      body: JSON.stringify({ accept: true, oauth_query: location.search.slice(1) }),
    });
    expect(r.status).toBe(200);
    location = new URL(((await r.json()) as { url: string }).url);
  }
  const code = location.searchParams.get("code");
  expect(code).toBeTruthy();
  const form: Record<string, string> = {
    grant_type: "authorization_code",
    code: code as string,
    redirect_uri: client.redirect,
    code_verifier: verifier,
  };
  const headers: Record<string, string> = {};
  if (client.secret) headers.authorization = basic(client.id, client.secret);
  else form.client_id = client.id;
  const t = await postForm(`${p.issuer}/oauth2/token`, form, headers);
  expect(t.status).toBe(200);
  return t.body as { access_token: string; refresh_token?: string; id_token?: string };
}

/** Whether the client authenticates with `secret` (introspection answers 200 to it, 401 otherwise). */
export async function secretWorks(p: Provider, clientId: string, secret: string): Promise<boolean> {
  const r = await postForm(
    `${p.issuer}/oauth2/introspect`,
    { token: "nothing" },
    { authorization: basic(clientId, secret) },
  );
  if (r.status !== 200 && r.status !== 401) throw new Error(`introspect answered ${r.status}`);
  return r.status === 200;
}

/** The userinfo endpoint's status for an access token: 200 while it lives, 401 once it is dead. */
export async function userinfoStatus(p: Provider, accessToken: string): Promise<number> {
  const r = await fetch(`${p.issuer}/oauth2/userinfo`, { headers: { authorization: `Bearer ${accessToken}` } });
  await r.arrayBuffer();
  return r.status;
}
