// Test harness: the example app on a real node:http server on 127.0.0.1 (SQLite in memory), and a
// user's browser over HTTP (a cookie jar, navigations that stop at redirects) that signs in on the
// app's sign-in page and answers its consent page the way the page's script does.
import { type Server, createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import Database from "better-sqlite3";
import { createMcpApp } from "../src/app.mjs";

export interface App {
  baseURL: string;
  issuer: string;
  resource: string;
  /** A second resource the provider issues tokens for (another API of the same app). */
  otherResource: string;
  /** The app's clock: add to `offset` (ms) to move time on. */
  clock: { offset: number };
  close(): Promise<void>;
}

export async function startApp(): Promise<App> {
  const db = new Database(":memory:");
  let listener: ((req: never, res: never) => void) | undefined;
  const server: Server = createServer((req, res) => listener?.(req as never, res as never));
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const otherResource = `${baseURL}/reports`;
  const clock = { offset: 0 };
  const app = createMcpApp({
    now: () => Date.now() + clock.offset,
    baseURL,
    database: db,
    secret: "mcp-example-test-secret-0123456789abcdef",
    resources: [otherResource],
  });
  await app.auth.$context.adapter.migrate?.();
  await app.auth.ready();
  listener = app.listener;
  return {
    baseURL,
    issuer: app.issuer,
    resource: app.resource,
    otherResource,
    clock,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((ok) => server.close(() => ok()));
      db.close();
    },
  };
}

export interface Page {
  status: number;
  location: string | null;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const unescapeHtml = (s: string) =>
  s.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" })[e] ?? _,
  );

/** A user's browser: one cookie jar, requests to the app only. */
export class Browser {
  private jar = new Map<string, string>();
  constructor(readonly baseURL: string) {}

  /** The Cookie header this browser sends to the app. */
  cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private keep(lines: string[] | undefined) {
    for (const line of lines ?? []) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  /** A top-level navigation (GET, `Sec-Fetch-Mode: navigate`): answered as is, redirects not followed. */
  navigate(url: string | URL, headers: Record<string, string> = {}): Promise<Page> {
    const target = new URL(url, this.baseURL);
    if (target.origin !== this.baseURL) throw new Error(`the test browser only visits the app, not ${target.href}`);
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        target,
        {
          headers: {
            accept: "text/html",
            "sec-fetch-mode": "navigate",
            ...(this.jar.size > 0 ? { cookie: this.cookie() } : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const setCookie = res.headers["set-cookie"];
            this.keep(setCookie);
            const location = res.headers.location;
            resolve({
              status: res.statusCode ?? 0,
              location: location ? new URL(location, target).href : null,
              headers: res.headers,
              body: Buffer.concat(chunks).toString("utf8"),
            });
          });
        },
      );
      req.on("error", reject);
      req.end();
    });
  }

  /** What the pages' script does: a same-origin JSON POST with the cookies. */
  async post(path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
    const r = await fetch(new URL(path, this.baseURL), {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: this.baseURL,
        ...(this.jar.size > 0 ? { cookie: this.cookie() } : {}),
      },
      body: JSON.stringify(body),
    });
    this.keep(r.headers.getSetCookie());
    const text = await r.text();
    return { status: r.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }

  signedIn(): boolean {
    return this.jar.size > 0;
  }
}

export interface UserAnswers {
  email: string;
  password: string;
  /** Scopes the user unticks on the consent page. */
  untick?: string[];
  /** The user presses Deny on the consent page. */
  deny?: boolean;
  /** Consent pages seen (their query and the scopes offered), for assertions. */
  seen?: { consent: { query: string; clientId: string; redirectUri: string; scopes: string[] }[] };
}

/**
 * The user from an authorization URL back to the client: follows redirects, signs in on the sign-in
 * page, answers the consent page; answers the client redirect (with `code` or `error`), never visited.
 */
export async function authorizeAsUser(browser: Browser, authorizationUrl: URL, user: UserAnswers): Promise<URL> {
  let url = authorizationUrl.href;
  for (let step = 0; step < 8; step++) {
    if (!url.startsWith(browser.baseURL)) return new URL(url); // the client's redirect URI
    const page = await browser.navigate(url);
    if (page.status === 302 || page.status === 303) {
      url = page.location as string;
      continue;
    }
    if (page.status !== 200) throw new Error(`unexpected ${page.status} at ${url}: ${page.body}`);
    const path = new URL(url).pathname;
    if (path === "/sign-in") {
      const callback = /data-callback="([^"]*)"/.exec(page.body)?.[1];
      if (!callback) throw new Error("the sign-in page has no callback");
      const r = await browser.post("/api/auth/sign-in/email", { email: user.email, password: user.password });
      if (r.status !== 200) throw new Error(`sign-in ${r.status} ${JSON.stringify(r.body)}`);
      url = new URL(unescapeHtml(callback), browser.baseURL).href;
      continue;
    }
    if (path === "/consent") {
      const oauthQuery = new URL(url).search.slice(1); // what the page's script sends: location.search
      const offered = [...page.body.matchAll(/name="scope" value="([^"]*)" checked/g)].map((m) =>
        unescapeHtml(m[1] ?? ""),
      );
      const text = (id: string) => unescapeHtml(new RegExp(`id="${id}">([^<]*)<`).exec(page.body)?.[1] ?? "");
      user.seen?.consent.push({
        query: oauthQuery,
        clientId: text("client-id"),
        redirectUri: text("redirect-uri"),
        scopes: offered,
      });
      const scope = offered.filter((s) => !user.untick?.includes(s)).join(" ");
      const accept = !user.deny;
      const r = await browser.post("/api/auth/oauth2/consent", { accept, oauth_query: oauthQuery, scope });
      if (r.status !== 200) throw new Error(`consent ${r.status} ${JSON.stringify(r.body)}`);
      url = String(r.body.url);
      continue;
    }
    throw new Error(`the user is lost at ${url}`);
  }
  throw new Error("too many steps");
}

/** Creates an account over HTTP (as the sign-in page's "Create account" does), in its own browser. */
export async function signUp(baseURL: string, email: string, password = "correct-horse-battery") {
  const r = await new Browser(baseURL).post("/api/auth/sign-up/email", { email, password, name: "MCP User" });
  if (r.status !== 200) throw new Error(`sign-up ${r.status} ${JSON.stringify(r.body)}`);
  return { email, password, userId: (r.body.user as { id: string }).id };
}
