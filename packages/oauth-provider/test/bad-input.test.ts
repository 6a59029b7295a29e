// Whatever a client sends, the protocol endpoints answer 4xx (never 500, never a hang). On SQLite.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENTS, type Provider, basic, navigate, startProvider } from "./provider-server.js";

let p: Provider;
beforeAll(async () => {
  p = await startProvider("sqlite");
});
afterAll(() => p?.close());

const bodies: [string, string][] = [
  ["application/json", "[]"],
  ["application/json", '{"grant_type":{"a":1},"client_id":7,"token":["x"]}'],
  ["application/json", '{"__proto__":{"x":1},"constructor":1}'],
  ["application/x-www-form-urlencoded", "grant_type=authorization_code&code=&redirect_uri="],
  ["application/x-www-form-urlencoded", `code=${"a".repeat(20000)}&grant_type=authorization_code`],
  ["application/x-www-form-urlencoded", "token=%00%ff&token_type_hint=refresh_token"],
  ["text/plain", "grant_type=refresh_token"],
];

describe("bad input", () => {
  it("token, introspection, revocation, userinfo and registration answer 4xx to junk", async () => {
    for (const path of ["token", "introspect", "revoke", "userinfo", "register"]) {
      for (const [type, body] of bodies) {
        for (const authorization of [basic(CLIENTS.web.id, CLIENTS.web.secret), "Bearer %%%", "Basic Og=="]) {
          const r = await fetch(`${p.issuer}/oauth2/${path}`, {
            method: "POST",
            headers: { "content-type": type, authorization },
            body,
          });
          expect(r.status, `${path} ${type} ${body.slice(0, 40)}`).toBeGreaterThanOrEqual(400);
          expect(r.status, `${path} ${type} ${body.slice(0, 40)}`).toBeLessThan(500);
        }
      }
    }
  });

  it("the authorization endpoint answers odd queries with a redirect (or core's 400 for a NUL), never a 500", async () => {
    const queries = [
      "",
      "client_id=",
      `client_id=${CLIENTS.web.id}&redirect_uri=%00`,
      `client_id=${CLIENTS.web.id}&redirect_uri=${encodeURIComponent(CLIENTS.web.redirect)}&response_type=code&scope=openid&max_age=-1`,
      `client_id=${CLIENTS.web.id}&redirect_uri=${encodeURIComponent(CLIENTS.web.redirect)}&response_type=code&scope=openid&code_challenge=${"a".repeat(43)}&code_challenge_method=S256&state=${"s".repeat(5000)}`,
      `client_id=${"x".repeat(5000)}`,
    ];
    for (const q of queries) {
      const nav = await navigate(`${p.issuer}/oauth2/authorize?${q}`);
      expect([302, 400], q.slice(0, 60)).toContain(nav.status);
      // Never to a redirect URI the request itself named without it being checked.
      if (nav.location)
        expect(new URL(nav.location).origin === p.baseURL || nav.location.startsWith(CLIENTS.web.redirect)).toBe(true);
    }
  });
});
