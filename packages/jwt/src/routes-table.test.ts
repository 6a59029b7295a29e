import { methodsOf } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { jwtClient } from "./client.js";
import { jwt } from "./jwt-plugin.js";
import { JWT_ROUTES } from "./routes-table.js";

describe("routes table", () => {
  it("matches the server's HTTP endpoints one to one", () => {
    const served = Object.values(jwt().endpoints)
      .filter((e) => !e.config.serverOnly)
      .flatMap((e) => methodsOf(e.config).map((m) => `${m} ${e.config.path}`))
      .sort();
    const table = Object.values(JWT_ROUTES)
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(table).toEqual(served);
    expect(jwtClient().routes).toBe(JWT_ROUTES);
  });
});
