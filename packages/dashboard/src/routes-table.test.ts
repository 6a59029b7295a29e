import { methodsOf } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { dashboard } from "./dashboard-plugin.js";
import { DASHBOARD_ROUTES } from "./routes-table.js";

const served = (path?: string) =>
  Object.values(dashboard(path ? { path } : {}).endpoints)
    .flatMap((e) => methodsOf(e.config).map((m) => `${m} ${e.config.path}`))
    .sort();

describe("routes table", () => {
  it("matches the server's HTTP endpoints one to one", () => {
    const table = Object.values(DASHBOARD_ROUTES)
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(table).toEqual(served());
  });

  it("a custom path moves every route under it", () => {
    const table = Object.values(DASHBOARD_ROUTES)
      .map((r) => `${r.method} ${r.path.replace(/^\/dashboard/, "/ops/admin")}`)
      .sort();
    expect(table).toEqual(served("/ops/admin"));
  });
});
