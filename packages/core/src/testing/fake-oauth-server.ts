import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type CryptoKey, type JWK, SignJWT, exportJWK, generateKeyPair } from "jose";
import { codeChallengeS256 } from "../oauth/pkce.js";

/** One request the fake provider received, as a test wants to inspect it. */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  /** The raw body; `form` is set when it was application/x-www-form-urlencoded, `json` when JSON. */
  body: string;
  form: URLSearchParams | null;
  json: unknown;
}

/** What a route answers: a JSON body (status 200 unless given) or a raw response. */
export type FakeReply = { status?: number; json?: unknown; text?: string; headers?: Record<string, string> };
export type FakeRoute = (req: FakeRequest) => FakeReply | Promise<FakeReply>;

export interface FakeOAuthServer {
  /** `http://127.0.0.1:<port>` — no trailing slash. */
  url: string;
  /** Every request received, oldest first. */
  requests: FakeRequest[];
  /** Requests to one path. */
  requestsTo(path: string): FakeRequest[];
  /** Adds or replaces a route (`"POST /token"`, `"GET /userinfo"`, or `"* /path"` for any method). */
  route(key: string, handler: FakeRoute): void;
  /**
   * Signs an ID token with the server's RS256 key (kid `test-key`), published at `GET /jwks`. Like a
   * real OpenID Provider it carries the `nonce` of the latest authorization request the browser
   * brought here (see driveSocialFlow), unless the claims name one.
   */
  signIdToken(
    claims: Record<string, unknown>,
    options?: { expiresIn?: string | number; kid?: string },
  ): Promise<string>;
  /** The public JWK served at /jwks. */
  jwk: JWK;
  close(): Promise<void>;
}

/**
 * An in-process HTTP server on 127.0.0.1 that plays an OAuth 2.0 / OIDC provider in tests, so provider
 * code runs its real HTTP calls (headers, form encoding, Basic auth) and no request leaves the machine.
 * Like a real provider, it refuses a code exchange that does not match the authorization request the
 * browser brought here (see refuseCodeExchange). It publishes an RS256 key at `GET /jwks` and, when `issuer` routes are not overridden, an OIDC
 * discovery document at `GET /.well-known/openid-configuration` pointing at `/authorize`, `/token`,
 * `/userinfo` and `/jwks`.
 */
export async function startFakeOAuthServer(routes: Record<string, FakeRoute> = {}): Promise<FakeOAuthServer> {
  const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: "test-key", alg: "RS256", use: "sig" };
  const table = new Map<string, FakeRoute>();
  const requests: FakeRequest[] = [];
  let url = "";

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { "content-type": "text/plain" });
      res.end(String(error));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const parsed = new URL(req.url ?? "/", url);
    const type = String(req.headers["content-type"] ?? "");
    let json: unknown = null;
    if (type.includes("json") && body) {
      try {
        json = JSON.parse(body);
      } catch {
        json = null;
      }
    }
    const request: FakeRequest = {
      method: req.method ?? "GET",
      path: parsed.pathname,
      query: parsed.searchParams,
      headers: req.headers,
      body,
      form: type.includes("application/x-www-form-urlencoded") ? new URLSearchParams(body) : null,
      json,
    };
    requests.push(request);
    const refusal = refuseCodeExchange(request, requests);
    if (refusal) {
      res.writeHead(refusal.status ?? 400, { "content-type": "application/json" });
      res.end(JSON.stringify(refusal.json));
      return;
    }
    const handler = table.get(`${request.method} ${request.path}`) ?? table.get(`* ${request.path}`);
    if (!handler) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "not_found", path: request.path }));
      return;
    }
    const reply = await handler(request);
    const headers = { ...reply.headers };
    if (reply.text !== undefined) {
      res.writeHead(reply.status ?? 200, { "content-type": "text/plain", ...headers });
      res.end(reply.text);
      return;
    }
    res.writeHead(reply.status ?? 200, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(reply.json ?? {}));
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  table.set("GET /jwks", () => ({ json: { keys: [jwk] } }));
  table.set("GET /.well-known/openid-configuration", () => ({
    json: {
      issuer: url,
      authorization_endpoint: `${url}/authorize`,
      token_endpoint: `${url}/token`,
      userinfo_endpoint: `${url}/userinfo`,
      jwks_uri: `${url}/jwks`,
      revocation_endpoint: `${url}/revoke`,
      response_types_supported: ["code"],
      id_token_signing_alg_values_supported: ["RS256"],
      code_challenge_methods_supported: ["S256"],
    },
  }));
  for (const [key, handler] of Object.entries(routes)) table.set(key, handler);

  return {
    url,
    requests,
    jwk,
    requestsTo: (path) => requests.filter((r) => r.path === path),
    route: (key, handler) => {
      table.set(key, handler);
    },
    signIdToken: (claims, options = {}) => {
      const nonce = requests.findLast((r) => r.method === "GET" && r.query.has("nonce"))?.query.get("nonce");
      return signWith(privateKey, nonce && !("nonce" in claims) ? { ...claims, nonce } : claims, options);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

async function signWith(
  key: CryptoKey,
  claims: Record<string, unknown>,
  options: { expiresIn?: string | number; kid?: string },
): Promise<string> {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid: options.kid ?? "test-key", typ: "JWT" });
  if (claims.iat === undefined) jwt.setIssuedAt();
  if (claims.exp === undefined) jwt.setExpirationTime(options.expiresIn ?? "10m");
  return jwt.sign(key);
}

/**
 * What every real provider checks at its token endpoint, against the latest authorization request
 * the browser brought to this fake (none recorded: nothing to compare, the route decides): the PKCE
 * verifier matches the challenge (RFC 7636 §4.6), `redirect_uri` is the one of the authorization
 * request (RFC 6749 §4.1.3), and the client authenticating (Basic or form) is the one the code was
 * issued to. A mismatch gets the provider's standard refusal.
 */
function refuseCodeExchange(request: FakeRequest, requests: FakeRequest[]): FakeReply | null {
  const form = request.form;
  if (request.method !== "POST" || form?.get("grant_type") !== "authorization_code") return null;
  const authorization = requests.findLast(
    (r) => r.method === "GET" && r.query.has("state") && r.query.has("redirect_uri"),
  )?.query;
  if (!authorization) return null;
  const challenge = authorization.get("code_challenge");
  if (challenge && codeChallengeS256(form.get("code_verifier") ?? "") !== challenge) {
    return { status: 400, json: { error: "invalid_grant", error_description: "PKCE verification failed" } };
  }
  if (form.get("redirect_uri") !== authorization.get("redirect_uri")) {
    return { status: 400, json: { error: "invalid_grant", error_description: "redirect_uri mismatch" } };
  }
  const issuedTo = authorization.get("client_id") ?? authorization.get("client_key");
  const header = request.headers.authorization;
  const basic =
    typeof header === "string" && header.startsWith("Basic ")
      ? decodeURIComponent(Buffer.from(header.slice(6), "base64").toString("utf8").split(":")[0] ?? "")
      : null;
  const presented = basic ?? form.get("client_id") ?? form.get("client_key");
  if (presented !== issuedTo) {
    return { status: 401, json: { error: "invalid_client", error_description: "not the client of this code" } };
  }
  return null;
}
