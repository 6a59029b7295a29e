// A real browser (Debian's Chromium, driven by playwright-core) on one origin calling the auth server on
// another with credentials: what `cors.enabled` and `trustedOrigins` promise a split frontend.
import { existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toNodeHandler } from "../src/node.js";
import { type Browser, chromium } from "playwright-core";
import { makeTestAuth } from "../src/testing/make-test-auth.js";
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const servers: Server[] = [];
async function listen(handler: Parameters<typeof createServer>[1]): Promise<number> {
  const server = createServer(handler);
  servers.push(server);
  // No host: dual-stack, so `localhost` works whether Chromium resolves it to ::1 or 127.0.0.1.
  await new Promise<void>((r) => server.listen(0, r));
  return (server.address() as AddressInfo).port;
}

/** What the page script reports: statuses and bodies, or the error a blocked CORS request raises. */
type Outcome =
  | { ok: true; signUp: number; signedUp: string; session: { user?: { email: string } } | null }
  | { ok: false; error: string };

describe("a frontend on another origin, in Chromium", () => {
  let browser: Browser;
  let authPort: number;
  let crossSitePort: number;
  let pagePort: number;
  beforeAll(async () => {
    if (!existsSync(executablePath)) throw new Error(`no Chromium at ${executablePath}`);
    pagePort = await listen((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<!doctype html><title>frontend</title>");
    });
    // The frontend's origin is trusted; http://127.0.0.1:<pagePort> (another origin for the same page) is not.
    const auth = makeTestAuth({
      baseURL: "http://localhost:1",
      trustedOrigins: [`http://localhost:${pagePort}`],
      cors: { enabled: true },
    });
    const handler = toNodeHandler(auth);
    authPort = await listen((req, res) => handler(req, res));
    // Cross-site: a page on 127.0.0.1 and the auth server on localhost are different sites, so the
    // session cookie must be SameSite=None (and so Secure, which Chromium accepts on http://localhost).
    const crossSite = toNodeHandler(
      makeTestAuth({
        baseURL: "http://localhost:1",
        trustedOrigins: [`http://127.0.0.1:${pagePort}`],
        cors: { enabled: true },
        advanced: { cookies: { sameSite: "None" } },
      }),
    );
    crossSitePort = await listen((req, res) => crossSite(req, res));
    browser = await chromium.launch({
      executablePath,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
  });

  async function runFrom(pageOrigin: string, email: string, port = authPort): Promise<Outcome> {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${pageOrigin}/`);
      return await page.evaluate(
        async ({ api, email }: { api: string; email: string }): Promise<Outcome> => {
          try {
            const signUp = await fetch(`${api}/sign-up/email`, {
              method: "POST",
              credentials: "include",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ name: "Browser", email, password: "password-123" }),
            });
            const signedUp = (await signUp.json()).user?.email;
            const session = await fetch(`${api}/get-session`, { credentials: "include" });
            return { ok: true as const, signUp: signUp.status, signedUp, session: await session.json() };
          } catch (error) {
            return { ok: false as const, error: String(error) };
          }
        },
        { api: `http://localhost:${port}/api/auth`, email },
      );
    } finally {
      await context.close();
    }
  }

  it("signs up and reads the session cross-origin with credentials from a trusted origin", async () => {
    const outcome = await runFrom(`http://localhost:${pagePort}`, "browser@example.com");
    expect(outcome).toEqual({
      ok: true,
      signUp: 200,
      signedUp: "browser@example.com",
      session: expect.objectContaining({ user: expect.objectContaining({ email: "browser@example.com" }) }),
    });
  }, 30_000);

  it("blocks the same calls from an origin that is not trusted", async () => {
    const outcome = await runFrom(`http://127.0.0.1:${pagePort}`, "blocked@example.com");
    expect(outcome.ok).toBe(false);
    expect(outcome.ok === false && outcome.error).toMatch(/Failed to fetch/);
  }, 30_000);

  it("cross-site: CORS lets the page read the answers; whether the cookie is kept is the browser's call", async () => {
    const outcome = await runFrom(`http://127.0.0.1:${pagePort}`, "cross-site@example.com", crossSitePort);
    // The answer is readable (CORS) and the write passed the CSRF check (trusted Origin). Chromium 156
    // then drops the SameSite=None; Secure session cookie as a third-party cookie, so get-session is
    // null here: the reason docs/cross-origin.md recommends a same-site set-up or a proxy.
    expect(outcome).toMatchObject({ ok: true, signUp: 200, signedUp: "cross-site@example.com" });
  }, 30_000);
});
