import { methodsOf } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { twoFactorClient } from "./client.js";
import { totpQrCodeSvg } from "./qr.js";
import { TWO_FACTOR_ROUTES } from "./routes-table.js";
import { twoFactor } from "./two-factor-plugin.js";

describe("routes table", () => {
  it("matches the server's HTTP endpoints one to one", () => {
    const served = Object.values(twoFactor().endpoints)
      .flatMap((e) => methodsOf(e.config).map((m) => `${m} ${e.config.path}`))
      .sort();
    const table = Object.values(TWO_FACTOR_ROUTES)
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(table).toEqual(served);
    expect(twoFactorClient().routes).toBe(TWO_FACTOR_ROUTES);
  });

  it("gives every route a per-client rate limit by default", () => {
    const plugin = twoFactor();
    for (const r of Object.values(TWO_FACTOR_ROUTES)) expect(plugin.rateLimit[r.path]).toBeTruthy();
  });
});

describe("client plugin", () => {
  it("calls onTwoFactorRedirect for a pending sign-in answer only", async () => {
    const seen: unknown[] = [];
    const plugin = twoFactorClient({ onTwoFactorRedirect: (a) => void seen.push(a) });
    await plugin.onSuccess({ token: "t", user: {} });
    await plugin.onSuccess({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(seen).toEqual([{ twoFactorRedirect: true, twoFactorMethods: ["totp"] }]);
  });
});

describe("QR code", () => {
  it("draws the URI as an SVG of paths, locally", async () => {
    const svg = await totpQrCodeSvg("otpauth://totp/Issuer:a%40b.c?secret=JBSWY3DPEHPK3PXP&issuer=Issuer");
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain("<path");
    expect(svg).not.toContain("JBSWY3DPEHPK3PXP");
    expect(svg).not.toMatch(/<script|href=/i);
    await expect(totpQrCodeSvg("https://example.com")).rejects.toThrow(TypeError);
  });
});
