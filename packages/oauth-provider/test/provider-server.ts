// Test helper: the provider on a real node:http server on 127.0.0.1 over a real SQL database (SQLite in
// memory by default; PostgreSQL in a private schema), with the clients conformance/TARGET.md names.
import { randomBytes } from "node:crypto";
import { type Server, createServer, get as httpGet } from "node:http";
import type { AddressInfo } from "node:net";
import { type Auth, type Plugin, createAuth } from "@gatehouse-auth/core";
import { toNodeHandler } from "@gatehouse-auth/core/node";
import { jwt } from "@gatehouse-auth/jwt";
import { kyselyAdapter } from "@gatehouse-auth/kysely";
import Database from "better-sqlite3";
import pg from "pg";
import {
  type OAuthProviderOptions,
  oauthProvider,
  oauthWellKnown,
  protectedResourceMetadata,
  requireBearer,
} from "../src/index.js";

export const PG_URL = process.env.GATEHOUSE_TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** The pre-registered clients of conformance/TARGET.md. */
export const CLIENTS = {
  web: {
    id: "web-confidential",
    secret: "web-confidential-secret-0123456789abcdef",
    redirect: "https://web.example.test/callback",
  },
  spa: { id: "public-pkce", redirect: "https://spa.example.test/callback" },
  first: {
    id: "first-party",
    secret: "first-party-secret-0123456789abcdef",
    redirect: "https://first.example.test/callback",
  },
  third: {
    id: "third-party",
    secret: "third-party-secret-0123456789abcdef",
    redirect: "https://third.example.test/callback",
  },
} as const;

export interface Provider {
  baseURL: string;
  issuer: string;
  auth: Auth;
  /** The clock the auth reads: add to `offset` to move time on. */
  clock: { offset: number };
  /** The raw driver handle (better-sqlite3 database or pg pool), for reading query plans. */
  database: unknown;
  close(): Promise<void>;
}

async function openDatabase(kind: "sqlite" | "postgres"): Promise<{ database: unknown; cleanup(): Promise<void> }> {
  if (kind === "sqlite") {
    const db = new Database(":memory:");
    return { database: db, cleanup: async () => void db.close() };
  }
  const schema = `gh_oauth_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: PG_URL, options: `-c search_path=${schema}`, max: 5 });
  return {
    database: pool,
    async cleanup() {
      await pool.end();
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop schema "${schema}" cascade`);
      await c.end();
    },
  };
}

/** Starts the provider; `options` are added to the TARGET.md set-up. */
export async function startProvider(
  kind: "sqlite" | "postgres" = "sqlite",
  options: OAuthProviderOptions = {},
  extraPlugins: Plugin[] = [],
  /** Turns core's rate limiter on (off otherwise: most tests make many calls). */
  rateLimited = false,
): Promise<Provider> {
  const { database, cleanup } = await openDatabase(kind);
  let handler: ReturnType<typeof toNodeHandler> | undefined;
  let wellKnown: ReturnType<typeof oauthWellKnown> | undefined;
  let guard: ReturnType<typeof requireBearer> | undefined;
  const server: Server = createServer(async (req, res) => {
    // A demo protected resource (what docs/oauth-provider.md shows an MCP server doing).
    if (req.url === "/.well-known/oauth-protected-resource/mcp") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(protectedResourceMetadata({ resource: `${baseURL}/mcp`, issuer: `${baseURL}/api/auth` })));
      return;
    }
    if (req.url === "/mcp" && guard) {
      const checked = await guard(new Request(`${baseURL}/mcp`, { headers: req.headers as Record<string, string> }));
      if ("response" in checked) {
        res.writeHead(checked.response.status, Object.fromEntries(checked.response.headers));
        res.end(await checked.response.text());
        return;
      }
      const { sub, clientId, scopes } = checked.token;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ sub, client_id: clientId, scope: scopes.join(" ") }));
      return;
    }
    // What docs/oauth-provider.md tells a node app to do for the origin-root metadata.
    if (req.url?.startsWith("/.well-known/") && wellKnown) {
      const answer = await wellKnown(new Request(`http://${req.headers.host}${req.url}`));
      if (answer) {
        res.writeHead(answer.status, Object.fromEntries(answer.headers));
        res.end(await answer.text());
        return;
      }
    }
    handler?.(req, res);
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clock = { offset: 0 };
  const auth = createAuth({
    database: kyselyAdapter({ database }),
    secret: "oauth-provider-test-secret-0123456789abcdef",
    baseURL,
    // Not a password hash: a stand-in that keeps scrypt's cost out of tests that sign many users up.
    emailAndPassword: {
      enabled: true,
      password: {
        hash: async (password: string) => `test$${password}`,
        verify: async ({ hash, password }: { hash: string; password: string }) => hash === `test$${password}`,
      },
    },
    logger: { error: (...a: unknown[]) => console.error(...a), warn: () => {} },
    rateLimit: { enabled: rateLimited },
    advanced: { now: () => Date.now() + clock.offset },
    plugins: [
      jwt(),
      oauthProvider({
        resources: [`${baseURL}/mcp`],
        clients: [
          {
            clientId: CLIENTS.web.id,
            clientSecret: CLIENTS.web.secret,
            redirectUris: [CLIENTS.web.redirect, "https://web.example.test/callback-2"],
            postLogoutRedirectUris: ["https://web.example.test/signed-out"],
            skipConsent: true,
          },
          {
            clientId: CLIENTS.spa.id,
            redirectUris: [CLIENTS.spa.redirect, "http://127.0.0.1/native"],
            skipConsent: true,
          },
          {
            clientId: CLIENTS.first.id,
            clientSecret: CLIENTS.first.secret,
            tokenEndpointAuthMethod: "client_secret_post",
            redirectUris: [CLIENTS.first.redirect],
            skipConsent: true,
          },
          { clientId: CLIENTS.third.id, clientSecret: CLIENTS.third.secret, redirectUris: [CLIENTS.third.redirect] },
        ],
        ...options,
      }),
      ...extraPlugins,
    ],
  });
  await auth.$context.adapter.migrate?.();
  handler = toNodeHandler(auth);
  wellKnown = oauthWellKnown(auth);
  guard = requireBearer(auth, { resource: `${baseURL}/mcp`, issuer: `${baseURL}/api/auth` });
  return {
    baseURL,
    issuer: `${baseURL}/api/auth`,
    auth,
    clock,
    database,
    async close() {
      await new Promise<void>((ok) => server.close(() => ok()));
      await cleanup();
    },
  };
}

let counter = 0;

/** Signs a new user up over HTTP; answers the cookie header, the user id and the email. */
export async function signUp(p: Provider, email = `oauth-${++counter}-${Date.now()}@example.com`) {
  const r = await fetch(`${p.baseURL}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: p.baseURL },
    body: JSON.stringify({ name: "OAuth User", email, password: "password-123" }),
  });
  if (r.status !== 200) throw new Error(`sign-up ${r.status} ${await r.text()}`);
  const body = (await r.json()) as { user: { id: string } };
  const cookie = r.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return { cookie, userId: body.user.id, email };
}

/** Signs an existing user in over HTTP (password of signUp); answers the cookie header. */
export async function signIn(p: Provider, email: string): Promise<string> {
  const r = await fetch(`${p.baseURL}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: p.baseURL },
    body: JSON.stringify({ email, password: "password-123" }),
  });
  if (r.status !== 200) throw new Error(`sign-in ${r.status} ${await r.text()}`);
  return r.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

/**
 * A browser navigation to `url` with the session cookie (or none): the status and Location. Over
 * node:http, because fetch always sends `Sec-Fetch-Mode: cors`, which the provider answers with JSON.
 */
export function navigate(url: string | URL, cookie?: string): Promise<{ status: number; location: string | null }> {
  return new Promise((resolve, reject) => {
    const req = httpGet(
      url,
      { headers: { accept: "text/html", "sec-fetch-mode": "navigate", ...(cookie ? { cookie } : {}) } },
      (res) => {
        res.resume();
        const location = res.headers.location ?? null;
        resolve({ status: res.statusCode ?? 0, location: location === null ? null : new URL(location, url).href });
      },
    );
    req.on("error", reject);
  });
}

/** Posts a form to one of the provider's endpoints as a client back end does. */
export async function postForm(url: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  const r = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(form),
  });
  const text = await r.text();
  return { status: r.status, headers: r.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

/** `Authorization: Basic` for a client id and secret (RFC 6749 §2.3.1). */
export const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString("base64")}`;
