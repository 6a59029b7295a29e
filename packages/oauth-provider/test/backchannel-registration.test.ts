// Back-channel logout metadata in RFC 7591 registration: the URI follows the redirect-URI rules (https;
// http only on loopback and only when the app allows private hosts) and never names a private,
// loopback or link-local address unless allowed (SSRF). A registered client with the URI (private
// hosts allowed) gets its logout token through consent, sign-in and sign-out over HTTP.
import { createHash, randomBytes } from "node:crypto";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LogoutReceiver, startLogoutReceiver } from "./logout-receiver.js";
import { type Provider, navigate, postForm, signUp, startProvider } from "./provider-server.js";

let strict: Provider;
let open: Provider;
let rp: LogoutReceiver;
beforeAll(async () => {
  rp = await startLogoutReceiver();
  strict = await startProvider("sqlite", { allowDynamicClientRegistration: true });
  open = await startProvider("sqlite", {
    allowDynamicClientRegistration: true,
    allowPrivateBackchannelLogoutHosts: true,
  });
  rp.trust(open.issuer);
});
afterAll(async () => {
  await rp?.close();
  await strict?.close();
  await open?.close();
});

const register = (provider: Provider, body: unknown) =>
  fetch(`${provider.issuer}/oauth2/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("back-channel logout registration", () => {
  it("refuses non-https, private, loopback and link-local URIs unless private hosts are allowed", async () => {
    const base = { redirect_uris: ["https://app.example.org/cb"] };
    for (const uri of [
      "http://rp.example.org/logout",
      "http://127.0.0.1:8080/logout",
      "https://127.0.0.1/logout",
      "https://10.1.2.3/logout",
      "https://172.20.0.1/logout",
      "https://192.168.1.10/logout",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/logout",
      "https://[fd00::1]/logout",
      "https://[::ffff:127.0.0.1]/logout",
      "https://localhost/logout",
      "https://db.internal/logout",
      "https://rp.example.org/logout#frag",
      "https://user:pw@rp.example.org/logout",
      "javascript:alert(1)",
      "/relative",
    ]) {
      const r = await register(strict, { ...base, backchannel_logout_uri: uri });
      expect([uri, r.status]).toEqual([uri, 400]);
      expect(((await r.json()) as { error: string }).error).toBe("invalid_client_metadata");
    }
    const wrongType = await register(strict, { ...base, backchannel_logout_session_required: "yes" });
    expect(wrongType.status).toBe(400);
    // Plain http to a non-loopback host stays refused even when private hosts are allowed.
    expect((await register(open, { ...base, backchannel_logout_uri: "http://rp.example.org/logout" })).status).toBe(
      400,
    );
  });

  it("keeps an https URI and the session flag, and answers them back", async () => {
    const r = await register(strict, {
      redirect_uris: ["https://app.example.org/cb"],
      backchannel_logout_uri: "https://app.example.org/logout",
      backchannel_logout_session_required: true,
    });
    expect(r.status).toBe(201);
    const body = (await r.json()) as Record<string, unknown>;
    expect(body.backchannel_logout_uri).toBe("https://app.example.org/logout");
    expect(body.backchannel_logout_session_required).toBe(true);
  });

  it("a registered client is sent a valid logout token when the session it got tokens in signs out", async () => {
    const r = await register(open, {
      redirect_uris: ["https://app.example.org/cb"],
      token_endpoint_auth_method: "none",
      backchannel_logout_uri: `${rp.origin}/logout/PLACEHOLDER`,
      backchannel_logout_session_required: true,
    });
    expect(r.status).toBe(201);
    const { client_id: clientId, registration_access_token: rat } = (await r.json()) as {
      client_id: string;
      registration_access_token: string;
    };
    // Point the URI at the receiver's path for this client id (RFC 7592 update, same policy).
    const put = await fetch(`${open.issuer}/oauth2/register/${clientId}`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${rat}` },
      body: JSON.stringify({
        client_id: clientId,
        redirect_uris: ["https://app.example.org/cb"],
        token_endpoint_auth_method: "none",
        backchannel_logout_uri: `${rp.origin}/logout/${clientId}`,
        backchannel_logout_session_required: true,
      }),
    });
    expect(put.status).toBe(200);

    const user = await signUp(open);
    const verifier = randomBytes(32).toString("base64url");
    const url = new URL(`${open.issuer}/oauth2/authorize`);
    for (const [k, v] of Object.entries({
      response_type: "code",
      client_id: clientId,
      redirect_uri: "https://app.example.org/cb",
      scope: "openid",
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
    }))
      url.searchParams.set(k, v);
    const page = new URL((await navigate(url, user.cookie)).location as string);
    const answer = await fetch(`${open.issuer}/oauth2/consent`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: open.baseURL, cookie: user.cookie },
      body: JSON.stringify({ accept: true, oauth_query: page.search.slice(1) }),
    });
    const code = new URL(((await answer.json()) as { url: string }).url).searchParams.get("code") as string;
    const t = await postForm(`${open.issuer}/oauth2/token`, {
      grant_type: "authorization_code",
      code,
      redirect_uri: "https://app.example.org/cb",
      code_verifier: verifier,
      client_id: clientId,
    });
    const sid = decodeJwt(t.body?.id_token as string).sid;
    expect(typeof sid).toBe("string");

    const out = await fetch(`${open.issuer}/sign-out`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: open.baseURL, cookie: user.cookie },
      body: "{}",
    });
    expect(out.status).toBe(200);
    await open.auth.settled();
    expect(rp.acceptedFor(clientId)).toEqual([expect.objectContaining({ sid, sub: user.userId, aud: clientId })]);
  });
});
