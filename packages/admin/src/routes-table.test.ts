import { describe, expect, it } from "vitest";
import { methodsOf } from "@gatehouse-auth/core";
import { admin } from "./admin-plugin.js";
import { adminClient } from "./client.js";
import { ADMIN_ROUTES } from "./routes-table.js";

describe("routes table", () => {
  it("matches the server's HTTP endpoints one to one", () => {
    const served = Object.values(admin().endpoints)
      .filter((e) => !e.config.serverOnly)
      .flatMap((e) => methodsOf(e.config).map((m) => `${m} ${e.config.path}`))
      .sort();
    const table = Object.values(ADMIN_ROUTES)
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(table).toEqual(served);
    expect(adminClient().routes).toBe(ADMIN_ROUTES);
  });
});
