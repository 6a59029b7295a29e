// The device authorization grant (RFC 8628) over HTTP: openid-client starts and polls it, a signed-in user
// claims and approves the code through the anchor's approval API, and every refusal RFC 8628 names holds.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { createRemoteJWKSet, jwtVerify } from "jose";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Provider, basic, postForm, signUp, startProvider } from "./provider-server.js";

const DEVICE = "urn:ietf:params:oauth:grant-type:device_code";
const TV = { id: "tv", secret: "tv-secret-0123456789abcdef-0123456789" };
let p: Provider;
beforeAll(async () => {
  p = await startProvider("sqlite", {
    deviceCodeInterval: 1,
    clients: [
      {
        clientId: TV.id,
        clientSecret: TV.secret,
        name: "Living-room TV",
        redirectUris: [],
        grantTypes: [DEVICE, "refresh_token"],
      },
      { clientId: "cli", redirectUris: [], grantTypes: [DEVICE] },
      { clientId: "web", clientSecret: "web-secret-0123456789abcdef-0123456", redirectUris: ["https://w.test/cb"] },
    ],
  });
});
afterAll(() => p?.close());

const start = (form: Record<string, string> = {}, authorization = basic(TV.id, TV.secret)) =>
  postForm(`${p.issuer}/oauth2/device_authorization`, form, { authorization });
const poll = (deviceCode: string, authorization = basic(TV.id, TV.secret)) =>
  postForm(`${p.issuer}/oauth2/token`, { grant_type: DEVICE, device_code: deviceCode }, { authorization });
const lookUp = (userCode: string, cookie?: string) =>
  fetch(`${p.issuer}/device?user_code=${encodeURIComponent(userCode)}`, { headers: cookie ? { cookie } : {} });
const decide = (decision: "approve" | "deny", userCode: string, cookie?: string) =>
  fetch(`${p.issuer}/device/${decision}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: p.baseURL, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ userCode }),
  });
const code = (body: Record<string, unknown> | null) => ({
  device: body?.device_code as string,
  user: body?.user_code as string,
});

describe("device authorization grant", () => {
  it("openid-client: start, the user approves, polling returns tokens once (ID token valid, refresh token)", async () => {
    const config = await oidc.discovery(new URL(p.issuer), TV.id, TV.secret, undefined, {
      execute: [oidc.allowInsecureRequests],
    });
    expect(config.serverMetadata().device_authorization_endpoint).toBe(`${p.issuer}/oauth2/device_authorization`);
    expect(config.serverMetadata().grant_types_supported).toContain(DEVICE);
    const started = await oidc.initiateDeviceAuthorization(config, { scope: "openid email offline_access" });
    expect(started.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(started.verification_uri).toBe(`${p.baseURL}/device`);
    expect(started.verification_uri_complete).toBe(`${p.baseURL}/device?user_code=${started.user_code}`);
    expect([started.expires_in, started.interval]).toEqual([600, 1]);

    const user = await signUp(p);
    // The code is typed in any case, without the dash.
    const looked = await lookUp(started.user_code.replace("-", "").toLowerCase(), user.cookie);
    expect(looked.status).toBe(200);
    expect(await looked.json()).toMatchObject({
      clientId: TV.id,
      clientName: "Living-room TV",
      scopes: ["openid", "email", "offline_access"],
    });
    expect(await (await decide("approve", started.user_code, user.cookie)).json()).toEqual({ success: true });

    const tokens = await oidc.pollDeviceAuthorizationGrant(config, started);
    expect(tokens.claims()?.sub).toBe(user.userId);
    expect(tokens.refresh_token).toBeTruthy();
    await jwtVerify(tokens.id_token as string, createRemoteJWKSet(new URL(`${p.issuer}/jwks`)), {
      issuer: p.issuer,
      audience: TV.id,
    });
    const again = await poll(started.device_code);
    expect([again.status, again.body?.error]).toEqual([400, "invalid_grant"]);
    // Deciding again is refused.
    expect((await decide("deny", started.user_code, user.cookie)).status).toBe(400);
  });

  it("polling: authorization_pending, slow_down raising the interval by 5 s, access_denied, expired_token", async () => {
    const started = code((await start({ scope: "openid" })).body);
    const first = await poll(started.device);
    expect([first.status, first.body?.error]).toEqual([400, "authorization_pending"]);
    expect(first.headers.get("cache-control")).toBe("no-store");
    const tooSoon = await poll(started.device);
    expect(tooSoon.body?.error).toBe("slow_down");
    // The interval is now 6 s: 2 s later is still too soon, 7 s later is fine.
    p.clock.offset += 2000;
    expect((await poll(started.device)).body?.error).toBe("slow_down");
    p.clock.offset += 12_000;
    expect((await poll(started.device)).body?.error).toBe("authorization_pending");

    const user = await signUp(p);
    expect((await lookUp(started.user, user.cookie)).status).toBe(200);
    expect((await decide("deny", started.user, user.cookie)).status).toBe(200);
    expect((await poll(started.device)).body?.error).toBe("access_denied");

    const late = code((await start()).body);
    p.clock.offset += 601_000;
    expect((await poll(late.device)).body?.error).toBe("expired_token");
    expect((await decide("approve", late.user, user.cookie)).status).toBe(400);
  });

  it("a claimed code is the claimer's; no session, another client or a client without the grant get nothing", async () => {
    const started = code((await start({ scope: "openid" })).body);
    const owner = await signUp(p);
    const stranger = await signUp(p);
    expect((await lookUp(started.user)).status).toBe(401);
    expect((await decide("approve", started.user)).status).toBe(401);
    expect((await lookUp(started.user, owner.cookie)).status).toBe(200);
    expect((await lookUp(started.user, stranger.cookie)).status).toBe(403);
    expect((await decide("approve", started.user, stranger.cookie)).status).toBe(403);
    expect((await decide("approve", started.user, owner.cookie)).status).toBe(200);
    // Only the client that started it redeems it.
    const cli = await postForm(`${p.issuer}/oauth2/token`, {
      grant_type: DEVICE,
      device_code: started.device,
      client_id: "cli",
    });
    expect([cli.status, cli.body?.error]).toEqual([400, "invalid_grant"]);
    expect((await poll(started.device)).status).toBe(200);

    expect((await lookUp("BCDF-GHJK", owner.cookie)).status).toBe(404);
    expect((await lookUp("AEIO-U012", owner.cookie)).status).toBe(404);
    const noGrant = await start({}, basic("web", "web-secret-0123456789abcdef-0123456"));
    expect([noGrant.status, noGrant.body?.error]).toEqual([400, "unauthorized_client"]);
    const unknown = await start({}, basic("nobody", "x"));
    expect([unknown.status, unknown.body?.error]).toEqual([401, "invalid_client"]);
    const badScope = await start({ scope: "openid admin" });
    expect(badScope.body?.error).toBe("invalid_scope");
    // A public device client (a CLI) may start without a secret; offline_access needs the refresh grant.
    const pub = await postForm(`${p.issuer}/oauth2/device_authorization`, {
      client_id: "cli",
      scope: "openid offline_access",
    });
    expect(pub.status).toBe(200);
  });

  it("tokens die with the session that approved them", async () => {
    const started = code((await start({ scope: "openid" })).body);
    const user = await signUp(p);
    await lookUp(started.user, user.cookie);
    await decide("approve", started.user, user.cookie);
    await fetch(`${p.issuer}/sign-out`, { method: "POST", headers: { cookie: user.cookie, origin: p.baseURL } });
    const r = await poll(started.device);
    expect([r.status, r.body?.error]).toEqual([400, "invalid_grant"]);
  });

  it("the CLI example (examples/device-cli/sign-in.mjs) signs in once the user approves", async () => {
    const script = fileURLToPath(new URL("../../../examples/device-cli/sign-in.mjs", import.meta.url));
    const cli = spawn(process.execPath, [script, p.issuer, TV.id, TV.secret], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    const exited = new Promise<number | null>((done) => cli.on("exit", done));
    const userCode = await new Promise<string>((found, failed) => {
      cli.stdout.on("data", (chunk) => {
        out += chunk;
        const m = /confirm the code (\S+)/.exec(out);
        if (m) found(m[1] as string);
      });
      cli.on("exit", () => failed(new Error(`cli ended: ${out}`)));
    });
    const user = await signUp(p);
    await lookUp(userCode, user.cookie);
    expect((await decide("approve", userCode, user.cookie)).status).toBe(200);
    expect(await exited).toBe(0);
    expect(out).toContain(`Signed in as ${user.email}`);
  });
});
