import { expect, it } from "vitest";
import { createRemoteJWKSet, jwtVerify } from "jose";
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
