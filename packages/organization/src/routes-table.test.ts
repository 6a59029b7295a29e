import { describe, expect, it } from "vitest";
import { methodsOf } from "@gatehouse-auth/core";
import { organizationClient } from "./client.js";
import { organization } from "./organization-plugin.js";
import { ORGANIZATION_ROUTES } from "./routes-table.js";

describe("routes table", () => {
  it("matches the server's HTTP endpoints one to one", () => {
    const served = Object.values(organization({ teams: { enabled: true } }).endpoints)
      .filter((e) => !e.config.serverOnly)
      .flatMap((e) => methodsOf(e.config).map((m) => `${m} ${e.config.path}`))
      .sort();
    const table = Object.values(ORGANIZATION_ROUTES)
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(table).toEqual(served);
    const plugin = organizationClient();
    expect(plugin.routes).toBe(ORGANIZATION_ROUTES);
    // The client's stores read GET routes the server really serves.
    for (const query of Object.values(plugin.queries)) expect(served).toContain(`GET ${query.path}`);
  });
});
