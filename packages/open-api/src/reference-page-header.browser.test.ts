// The reference page's "try it" with a header parameter a plugin's hook reads: the value travels as a
// request header (not in the query or body), so the hook lets the request through.
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { AuthError, defineErrors, definePlugin } from "@gatehouse-auth/core";
import { toNodeHandler } from "@gatehouse-auth/core/node";
import { makeTestAuth } from "@gatehouse-auth/core/testing";
import { openAPI } from "./open-api-plugin.js";

const CHROMIUM = "/usr/bin/chromium";
const hasChromium = existsSync(CHROMIUM);

const ERRORS = defineErrors({ TICKET_MISSING: { status: 400, message: "Missing ticket" } });
/** Guards GET /ok with an `x-ticket` header, documented through the hook's `openapi`. */
const ticket = definePlugin({
  id: "ticket",
  errors: ERRORS,
  hooks: {
    before: [
      {
        appliesTo: (endpoint) => endpoint.config.path === "/ok",
        run: (ctx) => {
          if (ctx.headers.get("x-ticket") !== "let-me-in") throw new AuthError(ERRORS.TICKET_MISSING);
        },
        openapi: { headers: [{ name: "x-ticket", required: true }], errors: [ERRORS.TICKET_MISSING] },
      },
    ],
  },
});

describe("reference page: header parameters in Chromium", () => {
  const server = createServer((req, res) => handler?.(req, res));
  let handler: ReturnType<typeof toNodeHandler> | undefined;
  let base = "";
  let browser: Browser | undefined;

  beforeAll(async () => {
    if (!hasChromium) return;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    handler = toNodeHandler(makeTestAuth({ baseURL: base, plugins: [ticket, openAPI()] }));
    const { chromium } = await import("playwright-core");
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it.skipIf(!hasChromium)("lists the header and sends what the reader types as that header", async () => {
    const page = await browser!.newPage();
    await page.goto(`${base}/api/auth/reference`);
    const op = page.locator("#op-ok");
    await op.locator(".op-head").click();
    expect(await op.locator(".op-body").textContent()).toContain("x-ticket");
    const out = op.locator(".try-response");
    await op.locator("button[type=submit]").click();
    await expect.poll(() => out.getAttribute("data-status")).toBe("400");
    expect(await out.textContent()).toContain("TICKET_MISSING");
    await op.locator("input[name=x-ticket]").fill("let-me-in");
    await op.locator("button[type=submit]").click();
    await expect.poll(() => out.getAttribute("data-status")).toBe("200");
    expect(await out.textContent()).toContain('"ok": true');
  });
});
