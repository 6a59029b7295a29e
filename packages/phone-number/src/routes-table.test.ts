import { methodsOf } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { phoneNumberClient } from "./client.js";
import { phoneNumber } from "./phone-number-plugin.js";
import { PHONE_NUMBER_ROUTES } from "./routes-table.js";

describe("routes table", () => {
  it("matches the server's HTTP endpoints one to one", () => {
    const served = Object.values(phoneNumber({ sendOTP: () => {} }).endpoints)
      .filter((e) => !e.config.serverOnly)
      .flatMap((e) => methodsOf(e.config).map((m) => `${m} ${e.config.path}`))
      .sort();
    const table = Object.values(PHONE_NUMBER_ROUTES)
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(table).toEqual(served);
    expect(phoneNumberClient().routes).toBe(PHONE_NUMBER_ROUTES);
  });

  it("gives every route a per-client rate limit by default", () => {
    const plugin = phoneNumber({ sendOTP: () => {} });
    for (const r of Object.values(PHONE_NUMBER_ROUTES)) expect(plugin.rateLimit[r.path]).toBeTruthy();
  });
});
