import { methodsOf } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { passkeyClient } from "./client.js";
import { passkey } from "./passkey-plugin.js";
import { PASSKEY_ROUTES } from "./routes-table.js";

describe("routes table", () => {
  it("matches the server's HTTP endpoints one to one", () => {
    const served = Object.values(passkey().endpoints)
      .flatMap((e) => methodsOf(e.config).map((m) => `${m} ${e.config.path}`))
      .sort();
    const table = Object.values(PASSKEY_ROUTES)
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(table).toEqual(served);
    expect(passkeyClient().routes).toBe(PASSKEY_ROUTES);
  });

  it("gives every route a per-client rate limit by default", () => {
    const plugin = passkey();
    for (const r of Object.values(PASSKEY_ROUTES)) expect(plugin.rateLimit?.[r.path]).toBeTruthy();
  });
});
