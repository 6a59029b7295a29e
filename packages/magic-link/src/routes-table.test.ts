import { methodsOf } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { magicLinkClient } from "./client.js";
import { magicLink } from "./magic-link-plugin.js";
import { MAGIC_LINK_ROUTES } from "./routes-table.js";

describe("routes table", () => {
  it("matches the server's HTTP endpoints one to one", () => {
    const served = Object.values(magicLink({ sendMagicLink: () => {} }).endpoints)
      .flatMap((e) => methodsOf(e.config).map((m) => `${m} ${e.config.path}`))
      .sort();
    const table = Object.values(MAGIC_LINK_ROUTES)
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(table).toEqual(served);
    expect(magicLinkClient().routes).toBe(MAGIC_LINK_ROUTES);
  });

  it("gives every route a per-client rate limit by default", () => {
    const plugin = magicLink({ sendMagicLink: () => {} });
    for (const r of Object.values(MAGIC_LINK_ROUTES)) expect(plugin.rateLimit?.[r.path]).toBeTruthy();
  });
});
