// sector_identifier_uri (OIDC Dynamic Client Registration §5, Core §8.1) over HTTP with openid-client: a
// registered pairwise client whose redirect URIs span hosts names its sector with a JSON document listing
// them; the provider fetches it at registration and at each RFC 7592 update (through the pinned request,
// its host resolved by a DNS server the test runs) and refuses a document that leaves a redirect URI out.
// The sector is the document's host: clients sharing it get the same pairwise `sub`, others a different one.
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DnsServer, startDnsServer } from "./dns-server.js";
import { type Provider, navigate, signUp, startProvider } from "./provider-server.js";

const ONE = "https://one.example.test/cb";
const TWO = "https://two.example.org/cb";
const THREE = "https://three.example.net/cb";
const insecure = { execute: [oidc.allowInsecureRequests] };

let dns: DnsServer;
let server: Server;
let port = 0;
const hits: string[] = [];
let p: Provider;
let strict: Provider;

beforeAll(async () => {
  dns = await startDnsServer();
  dns.answer("sector.internal", "A", [["127.0.0.1"]]);
  dns.answer("other-sector.internal", "A", [["127.0.0.1"]]);
  dns.answer("sector.rebind.test", "A", [["127.0.0.1"]]);
  // The sector documents, one per path.
  const documents: Record<string, string> = {
    "/sector.json": JSON.stringify([ONE, TWO]),
    "/both.json": JSON.stringify([ONE, TWO, THREE]),
    "/partial.json": JSON.stringify([ONE]),
    "/object.json": JSON.stringify({ redirect_uris: [ONE, TWO] }),
    "/huge.json": JSON.stringify([ONE, TWO, ...Array(3000).fill("https://filler.example.test/cb/padding")]),
  };
  server = createServer((req, res) => {
    hits.push(`${req.headers.host} ${req.url}`);
    const doc = documents[req.url ?? ""];
    if (req.url === "/moved.json") res.writeHead(302, { location: "/sector.json" }).end();
    else if (doc) res.writeHead(200, { "content-type": "application/json" }).end(doc);
    else res.writeHead(404).end();
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  port = (server.address() as AddressInfo).port;
  const common = { allowDynamicClientRegistration: true, outboundDnsServers: [dns.address] };
  // The sector server is on loopback: `p` has the development switch, `strict` the default.
  p = await startProvider("sqlite", { ...common, allowPrivateJwksUriHosts: true });
  strict = await startProvider("sqlite", common);
});
afterAll(async () => {
  await p?.close();
  await strict?.close();
  await new Promise<void>((ok) => (server ? server.close(() => ok()) : ok()));
  await dns?.close();
});

const sector = (path: string, host = "sector.internal") => `http://${host}:${port}${path}`;

async function register(provider: Provider, body: Record<string, unknown>) {
  const r = await fetch(`${provider.issuer}/oauth2/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ subject_type: "pairwise", ...body }),
  });
  return { status: r.status, body: (await r.json()) as Record<string, string> };
}

async function consent(page: URL, cookie: string): Promise<URL> {
  const answer = await fetch(`${p.issuer}/oauth2/consent`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: p.baseURL, cookie },
    body: JSON.stringify({ accept: true, oauth_query: page.search.slice(1) }),
  });
  return new URL(((await answer.json()) as { url: string }).url);
}

/** The pairwise `sub` a registered client gets for the signed-in `cookie`, through the code flow on `redirect`. */
async function subFor(client: Record<string, string>, redirect: string, cookie: string) {
  const config = await oidc.discovery(
    new URL(p.issuer),
    client.client_id as string,
    client.client_secret,
    undefined,
    insecure,
  );
  const verifier = oidc.randomPKCECodeVerifier();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirect,
    scope: "openid",
    state: "st",
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  });
  const page = new URL((await navigate(url, cookie)).location as string);
  // The first time the user consents; afterwards the remembered consent sends the browser straight back.
  const back = page.pathname === "/consent" ? await consent(page, cookie) : page;
  expect(back.origin + back.pathname).toBe(redirect);
  const tokens = await oidc.authorizationCodeGrant(config, back, { pkceCodeVerifier: verifier, expectedState: "st" });
  return tokens.claims()?.sub as string;
}

describe("sector_identifier_uri", () => {
  it("registers a pairwise client on several hosts; its sector is the document's host", async () => {
    const multi = await register(p, { redirect_uris: [ONE, TWO], sector_identifier_uri: sector("/sector.json") });
    expect(multi.status).toBe(201);
    expect(multi.body.sector_identifier_uri).toBe(sector("/sector.json"));
    expect(hits).toContain(`sector.internal:${port} /sector.json`);
    // Another client naming a document on the same host shares the sector; one on another host does not.
    const sibling = await register(p, { redirect_uris: [THREE], sector_identifier_uri: sector("/both.json") });
    const stranger = await register(p, {
      redirect_uris: [ONE],
      sector_identifier_uri: sector("/sector.json", "other-sector.internal"),
    });
    expect([sibling.status, stranger.status]).toEqual([201, 201]);

    const user = await signUp(p);
    const viaOne = await subFor(multi.body, ONE, user.cookie);
    expect(viaOne).not.toBe(user.userId);
    expect(await subFor(multi.body, TWO, user.cookie)).toBe(viaOne);
    expect(await subFor(sibling.body, THREE, user.cookie)).toBe(viaOne);
    expect(await subFor(stranger.body, ONE, user.cookie)).not.toBe(viaOne);
  });

  it("refuses a document that leaves a redirect URI out, is not an array, redirects, or is too large", async () => {
    for (const path of ["/partial.json", "/object.json", "/moved.json", "/huge.json", "/missing.json"]) {
      const r = await register(p, { redirect_uris: [ONE, TWO], sector_identifier_uri: sector(path) });
      expect([path, r.status, r.body.error]).toEqual([path, 400, "invalid_client_metadata"]);
    }
    // The redirect was not followed.
    expect(hits.filter((h) => h.endsWith("/moved.json"))).toHaveLength(1);
    // Without a document, a pairwise client's redirect URIs must share one host.
    const bare = await register(p, { redirect_uris: [ONE, TWO] });
    expect([bare.status, bare.body.error]).toEqual([400, "invalid_client_metadata"]);
  });

  it("an RFC 7592 update is checked against the document again", async () => {
    const c = await register(p, { redirect_uris: [ONE], sector_identifier_uri: sector("/sector.json") });
    const update = (redirect_uris: string[]) =>
      fetch(c.body.registration_client_uri as string, {
        method: "PUT",
        headers: { "content-type": "application/json", authorization: `Bearer ${c.body.registration_access_token}` },
        body: JSON.stringify({
          client_id: c.body.client_id,
          redirect_uris,
          subject_type: "pairwise",
          sector_identifier_uri: sector("/sector.json"),
        }),
      });
    expect((await update([ONE, TWO])).status).toBe(200);
    const refused = await update([ONE, THREE]);
    expect([refused.status, ((await refused.json()) as { error: string }).error]).toEqual([
      400,
      "invalid_client_metadata",
    ]);
  });

  it("by default only https on a public address: http, or a name that resolves to loopback, is not fetched", async () => {
    const before = hits.length;
    const http = await register(strict, { redirect_uris: [ONE, TWO], sector_identifier_uri: sector("/sector.json") });
    expect([http.status, http.body.error]).toEqual([400, "invalid_client_metadata"]);
    const loopback = await register(strict, {
      redirect_uris: [ONE, TWO],
      sector_identifier_uri: `https://sector.rebind.test:${port}/sector.json`,
    });
    expect([loopback.status, loopback.body.error]).toEqual([400, "invalid_client_metadata"]);
    expect(dns.asked("sector.rebind.test", "A")).toBeGreaterThan(0);
    expect(hits.length).toBe(before);
  });
});
