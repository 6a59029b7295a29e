import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeOAuthServer, startFakeOAuthServer } from "../testing/fake-oauth-server.js";
import { verifyIdToken } from "./verify-id-token.js";

let idp: FakeOAuthServer;
let other: FakeOAuthServer;
beforeAll(async () => {
  idp = await startFakeOAuthServer();
  other = await startFakeOAuthServer();
});
afterAll(async () => {
  await idp.close();
  await other.close();
});

const claims = (extra: Record<string, unknown> = {}) => ({
  iss: idp.url,
  aud: "client-1",
  sub: "user-1",
  email: "a@example.com",
  ...extra,
});
const expect1 = () => ({ jwksUrl: `${idp.url}/jwks`, issuer: idp.url, audience: "client-1" });

describe("verifyIdToken", () => {
  it("accepts a good token and returns its claims", async () => {
    const token = await idp.signIdToken(claims({ nonce: "n-1" }));
    const payload = await verifyIdToken(token, { ...expect1(), nonce: "n-1" });
    expect(payload).toMatchObject({ sub: "user-1", email: "a@example.com", aud: "client-1" });
  });

  it("accepts an issuer from a list and an audience from a list", async () => {
    const token = await idp.signIdToken(claims({ iss: "accounts.example.com", aud: "ios-client" }));
    const payload = await verifyIdToken(token, {
      ...expect1(),
      issuer: [idp.url, "accounts.example.com"],
      audience: ["client-1", "ios-client"],
    });
    expect(payload?.sub).toBe("user-1");
  });

  it("refuses a wrong issuer, also through a predicate", async () => {
    const token = await idp.signIdToken(claims({ iss: "https://evil.example.com" }));
    expect(await verifyIdToken(token, expect1())).toBeNull();
    expect(await verifyIdToken(token, { ...expect1(), issuer: (iss) => iss === idp.url })).toBeNull();
    const good = await idp.signIdToken(claims());
    expect(await verifyIdToken(good, { ...expect1(), issuer: (iss) => iss === idp.url })).not.toBeNull();
  });

  it("refuses a token for another client", async () => {
    const token = await idp.signIdToken(claims({ aud: "someone-else" }));
    expect(await verifyIdToken(token, expect1())).toBeNull();
  });

  it("refuses an expired token", async () => {
    const token = await idp.signIdToken(claims({ exp: Math.floor(Date.now() / 1000) - 120 }));
    expect(await verifyIdToken(token, expect1())).toBeNull();
  });

  it("refuses a wrong or missing nonce when one is expected", async () => {
    const token = await idp.signIdToken(claims({ nonce: "n-1" }));
    expect(await verifyIdToken(token, { ...expect1(), nonce: "n-2" })).toBeNull();
    const without = await idp.signIdToken(claims());
    expect(await verifyIdToken(without, { ...expect1(), nonce: "n-1" })).toBeNull();
  });

  it("OIDC Core §3.1.3.7: several audiences need an azp, and an azp must be one of ours", async () => {
    const several = await idp.signIdToken(claims({ aud: ["client-1", "other"] }));
    expect(await verifyIdToken(several, expect1())).toBeNull();
    const named = await idp.signIdToken(claims({ aud: ["client-1", "other"], azp: "client-1" }));
    expect(await verifyIdToken(named, expect1())).not.toBeNull();
    const foreign = await idp.signIdToken(claims({ azp: "other" }));
    expect(await verifyIdToken(foreign, expect1())).toBeNull();
    // Google's Android tokens: aud the web client, azp the Android client — both ours.
    const android = await idp.signIdToken(claims({ aud: "client-1", azp: "android-1" }));
    expect(await verifyIdToken(android, { ...expect1(), audience: ["client-1", "android-1"] })).not.toBeNull();
  });

  it("refuses a token issued in the future, beyond the clock skew", async () => {
    const now = Math.floor(Date.now() / 1000);
    const future = await idp.signIdToken(claims({ iat: now + 600, exp: now + 1200 }));
    expect(await verifyIdToken(future, expect1())).toBeNull();
    const skewed = await idp.signIdToken(claims({ iat: now + 3 }));
    expect(await verifyIdToken(skewed, expect1())).not.toBeNull();
  });

  it("refuses a token signed by another key under the same kid", async () => {
    const forged = await other.signIdToken(claims());
    expect(await verifyIdToken(forged, expect1())).toBeNull();
  });

  it("refuses a token whose kid is not in the key set", async () => {
    const token = await idp.signIdToken(claims(), { kid: "rotated-away" });
    expect(await verifyIdToken(token, expect1())).toBeNull();
  });

  it("refuses garbage and an unreachable key set without throwing", async () => {
    expect(await verifyIdToken("not-a-jwt", expect1())).toBeNull();
    const token = await idp.signIdToken(claims());
    const closed = await startFakeOAuthServer();
    await closed.close();
    expect(await verifyIdToken(token, { ...expect1(), jwksUrl: `${closed.url}/jwks` })).toBeNull();
  });
});
