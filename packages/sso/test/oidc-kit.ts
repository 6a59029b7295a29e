// Shared by the OIDC tests: a second Gatehouse instance with @gatehouse-auth/oauth-provider as the
// organization's OpenID Provider (its own SQLite, its own port), the app (SP) with organizations, SSO
// and the audit log on its own port, a DNS server for domain verification, and browsers with cookie
// jars that talk to both over HTTP.
import { type IncomingHttpHeaders, type Server, createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { auditLog } from "@gatehouse-auth/audit-log";
import { type Auth, type Plugin, createAuth } from "@gatehouse-auth/core";
import { toNodeHandler } from "@gatehouse-auth/core/node";
import { jwt } from "@gatehouse-auth/jwt";
import { kyselyAdapter } from "@gatehouse-auth/kysely";
import { oauthProvider } from "@gatehouse-auth/oauth-provider";
import { organization } from "@gatehouse-auth/organization";
import Database from "better-sqlite3";
import { type SsoOptions, sso } from "../src/index.js";
import { startDns } from "./dns-server.js";

/** A listening node:http server whose handler is set once the auth (which needs the URL) exists. */
async function listen(): Promise<{ server: Server; url: string; handle(h: ReturnType<typeof toNodeHandler>): void }> {
  let handler: ReturnType<typeof toNodeHandler> | undefined;
  const server = createServer((req, res) => {
    if (handler) handler(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  return {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    handle: (h) => {
      handler = h;
    },
  };
}

const close = (server: Server) =>
  new Promise<void>((ok) => {
    server.closeAllConnections();
    server.close(() => ok());
  });

const testPasswords = {
  hash: async (p: string) => `plain:${p}`,
  verify: async ({ hash, password }: { hash: string; password: string }) => hash === `plain:${password}`,
};

/** One answer as a browser sees it. */
export interface Page {
  status: number;
  location: string | null;
  headers: IncomingHttpHeaders;
  text: string;
  json: () => Record<string, unknown>;
}

/** A browser: one cookie jar per origin (host:port), navigations and same-origin JSON calls over node:http. */
export class Browser {
  readonly jar = new Map<string, Map<string, string>>();

  cookieHeader(url: URL): string {
    return [...(this.jar.get(url.host) ?? new Map()).entries()].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private store(url: URL, setCookie: string[] | undefined) {
    const jar = this.jar.get(url.host) ?? new Map<string, string>();
    for (const line of setCookie ?? []) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) jar.delete(name);
      else jar.set(name, value);
    }
    this.jar.set(url.host, jar);
  }

  request(
    method: string,
    target: string,
    options: { body?: unknown; headers?: Record<string, string>; navigate?: boolean } = {},
  ): Promise<Page> {
    const url = new URL(target);
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        url,
        {
          method,
          headers: {
            ...(options.navigate ? { accept: "text/html", "sec-fetch-mode": "navigate" } : {}),
            ...(payload ? { "content-type": "application/json", origin: url.origin } : {}),
            cookie: this.cookieHeader(url),
            ...options.headers,
          },
        },
        (res) => {
          this.store(url, res.headers["set-cookie"]);
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            const location = res.headers.location ? new URL(res.headers.location, url).href : null;
            resolve({
              status: res.statusCode ?? 0,
              location,
              headers: res.headers,
              text,
              json: () => JSON.parse(text),
            });
          });
        },
      );
      req.on("error", reject);
      if (payload) req.write(payload);
      req.end();
    });
  }

  /** A top-level navigation (GET, no redirect followed). */
  go(url: string): Promise<Page> {
    return this.request("GET", url, { navigate: true });
  }

  post(url: string, body: unknown): Promise<Page> {
    return this.request("POST", url, { body });
  }
}

/** The clients registered at the IdP: the app's, and another app's (for tokens meant for someone else). */
export const CLIENT = { id: "acme-app", secret: "acme-app-secret-0123456789abcdef0123456789" };
/** A private_key_jwt client: the IdP fetches its keys from the app's JWKS URL of the connection `pkj`. */
export const KEY_CLIENT = { id: "key-app", providerId: "pkj" };
export const OTHER_CLIENT = { id: "other-app", secret: "other-app-secret-0123456789abcdef012345678" };

/** The app's secret: tests read stored rows to prove the client secret is not kept in clear. */
export const APP_SECRET = "sso-oidc-test-secret-0123456789abcdefghijklmnop";

let counter = 0;

/** How a test registers a connection. */
export interface ConnectOptions {
  oidcConfig?: Record<string, unknown>;
  verify?: boolean;
  domain?: string;
  issuer?: string;
}

/** How a test sets the app (SP) up beyond the default. */
export interface AppSetup {
  /** The app's clock (the IdP keeps the real one). */
  now?: () => number;
  /** The app's database (a pg pool, a mysql2 pool, a better-sqlite3 database); default a fresh SQLite. */
  database?: unknown;
  /** Plugins besides organization, sso and the audit log. */
  plugins?: Plugin[];
}

/** Starts the IdP, the app and the DNS server; `providerIds` are the connections the IdP knows the app by. */
export async function startOidcKit(
  options: SsoOptions = {},
  providerIds: readonly string[] = ["okta"],
  setup: AppSetup = {},
) {
  const { now, database, plugins = [] } = setup;
  const dns = await startDns();
  const app = await listen();
  const idpServer = await listen();
  const idpDb = new Database(":memory:");
  const appDb = database === undefined ? new Database(":memory:") : null;
  const redirects = providerIds.map((id) => `${app.url}/api/auth/sso/callback/${id}`);
  const idp: Auth = createAuth({
    database: kyselyAdapter({ database: idpDb }),
    secret: "idp-test-secret-0123456789abcdefghijklmnopqrstuv",
    baseURL: idpServer.url,
    emailAndPassword: { enabled: true, password: testPasswords },
    rateLimit: { enabled: false },
    logger: { warn: () => {}, error: () => {} },
    plugins: [
      jwt(),
      oauthProvider({
        clients: [
          { clientId: CLIENT.id, clientSecret: CLIENT.secret, redirectUris: redirects, skipConsent: true },
          { clientId: OTHER_CLIENT.id, clientSecret: OTHER_CLIENT.secret, redirectUris: redirects, skipConsent: true },
          {
            clientId: KEY_CLIENT.id,
            tokenEndpointAuthMethod: "private_key_jwt",
            jwksUri: `${app.url}/api/auth/sso/oidc/jwks/${KEY_CLIENT.providerId}`,
            redirectUris: redirects,
            skipConsent: true,
          },
        ],
        // The app's JWKS URL is on this machine (http on loopback).
        allowPrivateJwksUriHosts: true,
      }),
    ],
  });
  await idp.$context.adapter.migrate?.();
  idpServer.handle(toNodeHandler(idp));

  const logged: unknown[][] = [];
  const auth: Auth = createAuth({
    database: kyselyAdapter({ database: (appDb ?? database) as Database.Database }),
    secret: APP_SECRET,
    baseURL: app.url,
    emailAndPassword: { enabled: true, password: testPasswords },
    rateLimit: { enabled: false },
    ...(now ? { advanced: { now } } : {}),
    logger: { warn: () => {}, error: (...a: unknown[]) => void logged.push(a) },
    plugins: [
      organization(),
      sso({
        ...options,
        domainVerification: { dnsServers: [dns.address], ...options.domainVerification },
        // The IdP runs on this machine: its origin (and any a test adds) is the only loopback one allowed.
        oidc: { ...options.oidc, loopbackOrigins: [idpServer.url, ...(options.oidc?.loopbackOrigins ?? [])] },
      }),
      auditLog() as Plugin,
      ...plugins,
    ],
  });
  await auth.$context.adapter.migrate?.();
  app.handle(toNodeHandler(auth));

  const api = `${app.url}/api/auth`;
  const issuer = `${idpServer.url}/api/auth`;

  // The organization's owner, signed in at the app.
  const owner = new Browser();
  const ownerEmail = `owner-${++counter}@owner.test`;
  const signUp = await owner.post(`${api}/sign-up/email`, {
    name: "Owner",
    email: ownerEmail,
    password: "password-123",
  });
  if (signUp.status !== 200) throw new Error(`owner sign-up ${signUp.status} ${signUp.text}`);
  const org = await owner.post(`${api}/organization/create`, { name: "Acme", slug: `acme-${counter}` });
  if (org.status !== 200) throw new Error(`org ${org.status} ${org.text}`);
  const organizationId = org.json().id as string;

  /** Registers an OIDC connection (verified through DNS unless `verify` is false); the raw answer. */
  async function connect(
    providerId: string,
    { oidcConfig = {}, verify = true, domain = "acme.test", issuer: iss = issuer }: ConnectOptions = {},
  ) {
    const r = await owner.post(`${api}/sso/register`, {
      providerId,
      issuer: iss,
      domain,
      organizationId,
      oidcConfig: { clientId: CLIENT.id, clientSecret: CLIENT.secret, pkce: true, ...oidcConfig },
    });
    if (r.status === 200 && verify) {
      dns.records.set(`_gatehouse-sso-${providerId}.${domain}`, [r.json().domainVerificationToken as string]);
      const v = await owner.post(`${api}/sso/verify-domain`, { providerId });
      if (v.status !== 200) throw new Error(`verify ${v.status} ${v.text}`);
    }
    return r;
  }

  /** A person at the IdP, signed in there in `browser` (the IdP marks the address verified unless told). */
  async function idpUser(browser: Browser, email: string, emailVerified = true, name = "Ada Lovelace") {
    const r = await browser.post(`${idpServer.url}/api/auth/sign-up/email`, { name, email, password: "password-123" });
    if (r.status !== 200) throw new Error(`idp sign-up ${r.status} ${r.text}`);
    if (emailVerified)
      await idp.$context.db.update({
        model: "user",
        where: [{ field: "email", value: email }],
        update: { emailVerified: true },
      });
    return r.json().user as { id: string };
  }

  /** Starts SSO in `browser` and follows it to the IdP; answers the IdP's redirect back to the app. */
  async function toIdp(browser: Browser, start: Record<string, unknown>) {
    const r = await browser.post(`${api}/sign-in/sso`, { callbackURL: "/dashboard", ...start });
    if (r.status !== 200) throw new Error(`sign-in/sso ${r.status} ${r.text}`);
    const authorize = r.json().url as string;
    const atIdp = await browser.go(authorize);
    if (atIdp.status !== 302 || !atIdp.location) throw new Error(`authorize ${atIdp.status} ${atIdp.text}`);
    return { authorize: new URL(authorize), callback: atIdp.location };
  }

  /** The app's session for `browser`, or null. */
  async function session(browser: Browser) {
    const r = await browser.go(`${api}/get-session`);
    return r.status === 200 && r.text !== "null" ? (r.json() as { user: { id: string; email: string } }) : null;
  }

  return {
    auth,
    idp,
    dns,
    api,
    issuer,
    appUrl: app.url,
    idpUrl: idpServer.url,
    owner,
    organizationId,
    logged,
    connect,
    idpUser,
    toIdp,
    session,
    async close() {
      await close(app.server);
      await close(idpServer.server);
      await dns.close();
      idpDb.close();
      appDb?.close();
    },
  };
}

export type OidcKit = Awaited<ReturnType<typeof startOidcKit>>;
