import { expect, it } from "vitest";
import { createRemoteJWKSet, decodeJwt, jwtVerify } from "jose";
import { codeChallengeS256 } from "../oauth/pkce.js";
import { startFakeOAuthServer } from "./fake-oauth-server.js";
it("fake server answers routes and signs verifiable tokens", async () => {
  const s = await startFakeOAuthServer({ "POST /token": (r) => ({ json: { got: r.form?.get("code") } }) });
  try {
    const res = await fetch(`${s.url}/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "code=abc",
    });
    expect(await res.json()).toEqual({ got: "abc" });
    const t = await s.signIdToken({ sub: "1", iss: s.url, aud: "cid" });
    const { payload } = await jwtVerify(t, createRemoteJWKSet(new URL(`${s.url}/jwks`)), {
      issuer: s.url,
      audience: "cid",
    });
    expect(payload.sub).toBe("1");
    expect(s.requestsTo("/token")).toHaveLength(1);
  } finally {
    await s.close();
  }
});

it("like a real provider, refuses a code exchange that does not match the authorization request", async () => {
  const s = await startFakeOAuthServer({ "POST /token": () => ({ json: { access_token: "at" } }) });
  try {
    const verifier = "v".repeat(64);
    const redirect = "http://localhost:3000/api/auth/callback/acme";
    const authorize = new URL(`${s.url}/authorize`);
    for (const [k, v] of Object.entries({
      client_id: "cid",
      redirect_uri: redirect,
      state: "s",
      nonce: "n-1",
      code_challenge: codeChallengeS256(verifier),
    }))
      authorize.searchParams.set(k, v);
    await fetch(authorize);
    const exchange = async (form: Record<string, string>, headers: Record<string, string> = {}) => {
      const base = { grant_type: "authorization_code", code: "c", code_verifier: verifier, redirect_uri: redirect };
      const res = await fetch(`${s.url}/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams({ ...base, ...form }),
      });
      return (await res.json()) as Record<string, unknown>;
    };
    expect(await exchange({ client_id: "cid" })).toEqual({ access_token: "at" });
    expect(await exchange({}, { authorization: `Basic ${btoa("cid:secret")}` })).toEqual({ access_token: "at" });
    expect((await exchange({ client_id: "cid", code_verifier: "w".repeat(64) })).error).toBe("invalid_grant");
    expect((await exchange({ client_id: "cid", redirect_uri: `${redirect}x` })).error).toBe("invalid_grant");
    expect((await exchange({ client_id: "other" })).error).toBe("invalid_client");
    expect((await exchange({})).error).toBe("invalid_client");
    // ID tokens carry the nonce of that authorization request, as a real OpenID Provider's do.
    expect(decodeJwt(await s.signIdToken({ sub: "1" })).nonce).toBe("n-1");
  } finally {
    await s.close();
  }
});
