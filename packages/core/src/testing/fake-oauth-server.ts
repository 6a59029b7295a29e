import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type CryptoKey, type JWK, SignJWT, exportJWK, generateKeyPair } from "jose";

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
  /** Signs an ID token with the server's RS256 key (kid `test-key`), published at `GET /jwks`. */
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
 * It publishes an RS256 key at `GET /jwks` and, when `issuer` routes are not overridden, an OIDC
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
    signIdToken: (claims, options = {}) => signWith(privateKey, claims, options),
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
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: "RS256", kid: options.kid ?? "test-key", typ: "JWT" })
    .setIssuedAt();
  if (claims.exp === undefined) jwt.setExpirationTime(options.expiresIn ?? "10m");
  return jwt.sign(key);
}
