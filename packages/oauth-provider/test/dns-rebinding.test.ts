// The provider's own requests (back-channel logout, registered clients' jwks_uri) against DNS rebinding:
// a DNS server the test runs on 127.0.0.1 (`outboundDnsServers`) answers the names, and two listeners on
// one port of 127.0.0.1 and 127.0.0.2 show where each connection went. The host is looked up once per
// request, every answer is checked, and the connection goes to the checked address with the URI's host
// name in Host: a later answer (127.0.0.1 after a public one) is never used.
import { createHash, randomBytes } from "node:crypto";
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type Server as TlsServer, createServer as createTlsServer } from "node:tls";
import { SignJWT, exportJWK, generateKeyPair } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DnsServer, startDnsServer } from "./dns-server.js";
import { type Provider, basic, navigate, postForm, signUp, startProvider } from "./provider-server.js";

/** A listener on one address: the requests it answered and every connection it accepted. */
interface Listener {
  requests: { method: string; path: string; host: string }[];
  connections: number;
  server: Server;
}

let dns: DnsServer;
let near: Listener;
let far: Listener;
let port = 0;
let open: Provider;
let strict: Provider;
let tls: TlsServer;
let tlsPort = 0;
/** The server names TLS clients asked the 127.0.0.1 TLS listener for (SNI). */
const serverNames: string[] = [];
let keys: CryptoKeyPair;
let jwk: Record<string, unknown>;

const secret = "pinned-client-secret-0123456789abcdef";

async function listen(address: string, at: number): Promise<Listener> {
  const l: Listener = { requests: [], connections: 0, server: createServer() };
  l.server.on("connection", () => {
    l.connections++;
  });
  l.server.on("request", (req, res) => {
    l.requests.push({ method: req.method ?? "", path: req.url ?? "", host: req.headers.host ?? "" });
    req.resume();
    if (req.url === "/jwks") res.end(JSON.stringify({ keys: [jwk] }));
    else res.writeHead(200).end();
  });
  await new Promise<void>((ok) => l.server.listen(at, address, ok));
  return l;
}

const client = (id: string, backchannelLogoutUri: string) => ({
  clientId: id,
  clientSecret: secret,
  redirectUris: [`https://${id}.example.test/callback`],
  skipConsent: true,
  backchannelLogoutUri,
});

beforeAll(async () => {
  keys = await generateKeyPair("ES256");
  jwk = { ...(await exportJWK(keys.publicKey)), kid: "pinned-1", alg: "ES256" };
  dns = await startDnsServer();
  near = await listen("127.0.0.1", 0);
  port = (near.server.address() as AddressInfo).port;
  // The same port on another loopback address: a connection that followed a second lookup lands here.
  far = await listen("127.0.0.2", port);
  // A TLS listener that only records the SNI of each handshake and ends it (it has no certificate to show).
  tls = createTlsServer({
    SNICallback: (name, done) => {
      serverNames.push(name);
      done(new Error("no certificate here"));
    },
  });
  tls.on("tlsClientError", () => {});
  await new Promise<void>((ok) => tls.listen(0, "127.0.0.1", ok));
  tlsPort = (tls.address() as AddressInfo).port;
  const common = {
    outboundDnsServers: [dns.address],
    allowDynamicClientRegistration: true,
    registrationGrantTypes: ["authorization_code" as const, "client_credentials" as const],
    scopes: ["jobs"],
  };
  open = await startProvider("sqlite", {
    ...common,
    allowPrivateBackchannelLogoutHosts: true,
    allowPrivateJwksUriHosts: true,
    clients: [client("pin", `http://rp.internal:${port}/logout`)],
  });
  strict = await startProvider("sqlite", {
    ...common,
    clients: [client("inside", `https://inside.rebind.test:${port}/logout`)],
  });
});
afterAll(async () => {
  await open?.auth.settled();
  await strict?.auth.settled();
  await open?.close();
  await strict?.close();
  for (const l of [near, far]) await new Promise<void>((ok) => (l ? l.server.close(() => ok()) : ok()));
  await new Promise<void>((ok) => (tls ? tls.close(() => ok()) : ok()));
  await dns?.close();
});

/** A session that got tokens for `clientId`, ended by sign-out; resolves once the deliveries are done. */
async function signOutAfterTokens(p: Provider, clientId: string) {
  const user = await signUp(p);
  const verifier = randomBytes(32).toString("base64url");
  const redirect = `https://${clientId}.example.test/callback`;
  const url = new URL(`${p.issuer}/oauth2/authorize`);
  for (const [k, v] of Object.entries({
    response_type: "code",
    client_id: clientId,
    redirect_uri: redirect,
    scope: "openid",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  }))
    url.searchParams.set(k, v);
  const code = new URL((await navigate(url, user.cookie)).location as string).searchParams.get("code") as string;
  const t = await postForm(
    `${p.issuer}/oauth2/token`,
    { grant_type: "authorization_code", code, redirect_uri: redirect, code_verifier: verifier },
    { authorization: basic(clientId, secret) },
  );
  expect(t.status).toBe(200);
  const out = await fetch(`${p.issuer}/sign-out`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: p.baseURL, cookie: user.cookie },
    body: "{}",
  });
  expect(out.status).toBe(200);
  await p.auth.settled();
}

/** Registers a private_key_jwt client whose keys are at `jwksUri`; answers its id. */
async function registerKeyClient(p: Provider, jwksUri: string): Promise<string> {
  const r = await fetch(`${p.issuer}/oauth2/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      grant_types: ["client_credentials"],
      token_endpoint_auth_method: "private_key_jwt",
      jwks_uri: jwksUri,
      scope: "jobs",
    }),
  });
  const body = (await r.json()) as { client_id?: string };
  expect([r.status, typeof body.client_id]).toEqual([201, "string"]);
  return body.client_id as string;
}

/** client_credentials with a private_key_jwt assertion signed by the key the listeners publish. */
async function tokenWithAssertion(p: Provider, clientId: string) {
  const now = Math.floor((Date.now() + p.clock.offset) / 1000);
  const assertion = await new SignJWT({
    iss: clientId,
    sub: clientId,
    aud: p.issuer,
    jti: randomBytes(12).toString("hex"),
    iat: now,
    exp: now + 60,
  })
    .setProtectedHeader({ alg: "ES256", kid: "pinned-1" })
    .sign(keys.privateKey);
  return postForm(`${p.issuer}/oauth2/token`, {
    grant_type: "client_credentials",
    client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
    client_assertion: assertion,
  });
}

describe("outbound requests are pinned to the address they checked", () => {
  it("a back-channel logout connects to the first answer once, with the URI's host name in Host", async () => {
    // The second lookup would say 127.0.0.2: the delivery must never see it.
    dns.answer("rp.internal", "A", [["127.0.0.1"], ["127.0.0.2"]]);
    await signOutAfterTokens(open, "pin");
    expect(near.requests.filter((r) => r.path === "/logout")).toEqual([
      { method: "POST", path: "/logout", host: `rp.internal:${port}` },
    ]);
    expect(far.connections).toBe(0);
    expect(dns.asked("rp.internal", "A")).toBe(1);
  });

  it("a registered client's jwks_uri is fetched from the checked address, looked up once", async () => {
    dns.answer("keys.internal", "A", [["127.0.0.1"], ["127.0.0.2"]]);
    const id = await registerKeyClient(open, `http://keys.internal:${port}/jwks`);
    const r = await tokenWithAssertion(open, id);
    expect([r.status, r.body?.token_type]).toEqual([200, "Bearer"]);
    expect(near.requests.filter((q) => q.path === "/jwks").map((q) => q.host)).toEqual([`keys.internal:${port}`]);
    expect(far.connections).toBe(0);
    expect(dns.asked("keys.internal", "A")).toBe(1);
  });

  it("over https, the pinned connection still names the URI's host in SNI", async () => {
    dns.answer("tls.internal", "A", [["127.0.0.1"], ["127.0.0.2"]]);
    const id = await registerKeyClient(open, `https://tls.internal:${tlsPort}/jwks`);
    // The listener ends the handshake: no keys, so the assertion is refused; what matters is what it was asked.
    expect((await tokenWithAssertion(open, id)).status).toBe(401);
    expect(serverNames).toEqual(["tls.internal"]);
    expect(dns.asked("tls.internal", "A")).toBe(1);
  });

  it("refuses a name with one private answer among public ones: no connection is made", async () => {
    dns.answer("inside.rebind.test", "AAAA", [["2001:db8::1"]]);
    dns.answer("inside.rebind.test", "A", [["127.0.0.1"]]);
    const before = near.connections;
    await signOutAfterTokens(strict, "inside");
    // The lookup happened here (and was refused): not a failure to resolve the name at all.
    expect(dns.asked("inside.rebind.test", "A")).toBeGreaterThan(0);
    expect(near.connections).toBe(before);
  });

  it("a name that answers a public address, then 127.0.0.1, never gets the provider to 127.0.0.1", async () => {
    // The public answer is a documentation address: the connection to it fails (or times out), and the
    // rebinding answer after it must not be tried in its place.
    dns.answer("keys.rebind.test", "AAAA", [["2001:db8::1"], []]);
    dns.answer("keys.rebind.test", "A", [[], ["127.0.0.1"]]);
    const id = await registerKeyClient(strict, `https://keys.rebind.test:${port}/jwks`);
    const before = near.connections;
    const first = await tokenWithAssertion(strict, id);
    expect([first.status, first.body?.error]).toEqual([401, "invalid_client"]);
    // One lookup for the one fetch: the connection made none of its own.
    expect([dns.asked("keys.rebind.test", "A"), dns.asked("keys.rebind.test", "AAAA")]).toEqual([1, 1]);
    // Past the refetch pause the name says 127.0.0.1: checked and refused, still no connection.
    strict.clock.offset += 60_000;
    const second = await tokenWithAssertion(strict, id);
    expect([second.status, second.body?.error]).toEqual([401, "invalid_client"]);
    expect(dns.asked("keys.rebind.test", "A")).toBe(2);
    expect(near.connections).toBe(before);
    expect(far.connections).toBe(0);
  });
});
