// The reference page in a real browser: served over node:http, rendered by Chromium, used like a reader would.
import { existsSync, mkdirSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { toNodeHandler } from "@gatehouse-auth/core/node";
import type { NodeHandler } from "@gatehouse-auth/core/node";
import { makeOpenAPIAuth } from "./test-helpers.js";

const CHROMIUM = "/usr/bin/chromium";
const hasChromium = existsSync(CHROMIUM);
const SCREENSHOT_DIR = new URL("../../../test-output/", import.meta.url);
// On a user's machine without Chromium the test skips with a notice; CI installs it first, so there a
// missing browser is a failure rather than a silent skip.
if (!hasChromium && process.env.CI) throw new Error(`${CHROMIUM} not found — CI requires it (.ci/run installs it)`);
if (!hasChromium) console.warn(`reference-page.browser.test: ${CHROMIUM} not found, skipping the browser test`);

describe("reference page in Chromium", () => {
  let handler: NodeHandler | undefined;
  const server = createServer((req, res) => handler?.(req, res));
  let base = "";
  let browser: Browser | undefined;
  let page: Page;
  const external: string[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    if (!hasChromium) return;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // baseURL is the real origin, so the page's same-origin POSTs pass the CSRF origin check.
    handler = toNodeHandler(makeOpenAPIAuth({}, { baseURL: base }));
    const { chromium } = await import("playwright-core");
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    });
    page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    page.on("pageerror", (error) => pageErrors.push(error.message));
    // A blocked inline script or style (the page's CSP allows both by hash) is logged, not thrown.
    page.on("console", (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) pageErrors.push(message.text());
    });
    // Offline: any request that leaves the test server is recorded and refused.
    await page.route("**/*", (route) => {
      const url = route.request().url();
      if (url.startsWith(base) || url.startsWith("data:")) return route.continue();
      external.push(url);
      return route.abort();
    });
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it.skipIf(!hasChromium)("renders, filters, expands, sends requests and loads nothing external", async () => {
    const response = await page.goto(`${base}/api/auth/reference`);
    expect(await page.title()).toMatch(/API Reference/);
    expect(response?.headers()["content-security-policy"]).toContain("default-src 'none'");
    // The hashed stylesheet applied: the page is not unstyled.
    expect(await page.evaluate(() => getComputedStyle(document.body).margin)).not.toBe("8px");

    // Every operation is listed in the sidebar and the main column.
    const signIn = page.locator("#op-signInEmail");
    await expect.poll(() => signIn.locator(".op-path").textContent()).toBe("/sign-in/email");
    expect(await signIn.locator(".badge").textContent()).toBe("POST");
    expect(await page.locator("nav a[href='#op-createOrganization']").isVisible()).toBe(true);
    const total = await page.locator("nav li").count();
    expect(total).toBeGreaterThan(50);

    // The filter box narrows the list (sidebar and cards) and restores it when cleared.
    await page.fill("#filter", "create-team");
    const visible = page.locator("nav li:not([hidden])");
    expect(await visible.count()).toBe(1);
    expect(await visible.textContent()).toContain("/organization/create-team");
    expect(await signIn.isVisible()).toBe(false);
    await page.fill("#filter", "");
    expect(await page.locator("nav li:not([hidden])").count()).toBe(total);

    // Opening an operation shows its request body schema, nested and with required fields marked.
    const signUp = page.locator("#op-signUpEmail");
    await signUp.locator(".op-head").click();
    const bodySchema = signUp.locator(".request-schema");
    await bodySchema.waitFor();
    for (const field of ["email", "password", "name", "callbackURL"]) {
      expect(await bodySchema.locator("code.name", { hasText: new RegExp(`^${field}$`) }).count()).toBe(1);
    }
    const emailRow = bodySchema.locator("li", { has: page.locator("code.name", { hasText: /^email$/ }) });
    expect(await emailRow.textContent()).toContain("required");
    await page.locator("nav a[href='#op-signInSocial']").click();
    const social = page.locator("#op-signInSocial .request-schema");
    await social.waitFor();
    expect(await social.locator("ul ul code.name", { hasText: /^nonce$/ }).count()).toBe(1);

    // Responses: each status with its description; a success body as a tree, errors with their codes.
    const signUpResponses = signUp.locator(".responses");
    expect(await signUpResponses.locator("[data-status='422'] .examples").textContent()).toContain(
      "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL",
    );
    const signUpOk = signUpResponses.locator("[data-status='200'] .response-schema");
    expect(await signUpOk.locator("code.name", { hasText: /^token$/ }).count()).toBe(1);
    // The user is the app's User component, expanded in place.
    expect(await signUpOk.locator("ul ul code.name", { hasText: /^emailVerified$/ }).count()).toBe(1);
    await page.locator("#op-getSession .op-head").click();
    const sessionOk = page.locator("#op-getSession .responses [data-status='200'] .response-schema");
    await sessionOk.waitFor();
    for (const field of ["user", "session"]) {
      expect(
        await sessionOk.locator(":scope > ul > li > code.name", { hasText: new RegExp(`^${field}$`) }).count(),
      ).toBe(1);
    }
    // The session is its model plus the bearer token (allOf), shown as one object.
    for (const field of ["token", "expiresAt", "activeOrganizationId"]) {
      expect(await sessionOk.locator("ul ul code.name", { hasText: new RegExp(`^${field}$`) }).count(), field).toBe(1);
    }
    await page.locator("#op-getSession .op-head").click(); // closed again for the try-it step below
    // A redirect shows its Location header; an HTML page its content type.
    await page.locator("nav a[href='#op-resetPasswordCallback']").click();
    const redirect = page.locator("#op-resetPasswordCallback .responses [data-status='302']");
    await redirect.waitFor();
    expect(await redirect.textContent()).toContain("Location");
    await page.locator("nav a[href='#op-error']").click();
    await page.locator("#op-error .responses").waitFor();
    expect(await page.locator("#op-error .responses [data-status='200']").textContent()).toContain("text/html");

    // The admin and API key plugins' operations render too; key routes need a session, never a key.
    await page.locator("nav a[href='#op-listUsers']").click();
    await page.locator("#op-listUsers .responses").waitFor();
    expect(await page.locator("#op-listUsers .op-path").textContent()).toBe("/admin/list-users");
    await page.locator("nav a[href='#op-createApiKey']").click();
    const createKey = page.locator("#op-createApiKey");
    await createKey.locator(".request-schema").waitFor();
    expect(await createKey.locator(".request-schema code.name", { hasText: /^name$/ }).count()).toBe(1);
    expect(await createKey.locator(".op-body").textContent()).toContain("Requires a session: session cookie");
    expect(await createKey.locator(".op-body").textContent()).not.toContain("x-api-key");
    // list-sessions takes only the user's own session; a key with organization:read lists organizations.
    await page.locator("nav a[href='#op-listSessions']").click();
    await page.locator("#op-listSessions .responses").waitFor();
    expect(await page.locator("#op-listSessions .op-body").textContent()).not.toContain("header x-api-key");
    await page.locator("nav a[href='#op-listOrganizations']").click();
    await page.locator("#op-listOrganizations .responses").waitFor();
    expect(await page.locator("#op-listOrganizations .op-body").textContent()).toContain("header x-api-key");

    // Try it: GET /ok.
    await page.locator("#op-ok .op-head").click();
    await page.locator("#op-ok button[type=submit]").click();
    const okOut = page.locator("#op-ok .try-response");
    await expect.poll(() => okOut.getAttribute("data-status")).toBe("200");
    expect(await okOut.textContent()).toContain('"ok": true');

    // Try it: sign up through the form (a same-origin POST with credentials), then read the session.
    const form = signUp.locator("form.try");
    await form.locator("input[name=name]").fill("Page Reader");
    await form.locator("input[name=email]").fill("reader@example.com");
    await form.locator("input[name=password]").fill("password-123");
    await form.locator("button[type=submit]").click();
    const signUpOut = signUp.locator(".try-response");
    await expect.poll(() => signUpOut.getAttribute("data-status")).toBe("200");
    expect(await signUpOut.textContent()).toContain("reader@example.com");
    const session = page.locator("#op-getSession");
    await session.locator(".op-head").click();
    await session.locator("button[type=submit]").click();
    await expect.poll(() => session.locator(".try-response").getAttribute("data-status")).toBe("200");
    expect(await session.locator(".try-response").textContent()).toContain("Page Reader");

    // A screenshot for people: the top of the page, with the sign-up operation open.
    await page.locator("#op-ok .op-head").click();
    await page.locator("#op-signInSocial .op-head").click();
    await page.locator("#op-getSession .op-head").click();
    await page.evaluate(() => window.scrollTo(0, 0));
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: new URL("reference-page.png", SCREENSHOT_DIR).pathname });

    expect(pageErrors).toEqual([]);
    expect(external).toEqual([]);
  });
});
