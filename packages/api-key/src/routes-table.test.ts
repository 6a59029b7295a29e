import { describe, expect, it } from "vitest";
import { methodsOf } from "@gatehouse-auth/core";
import { apiKey } from "./api-key-plugin.js";
import { apiKeyClient } from "./client.js";
import { API_KEY_ROUTES } from "./routes-table.js";

describe("routes table", () => {
  it("matches the server's HTTP endpoints one to one", () => {
    const served = Object.values(apiKey().endpoints)
      .filter((e) => !e.config.serverOnly)
      .flatMap((e) => methodsOf(e.config).map((m) => `${m} ${e.config.path}`))
      .sort();
    const table = Object.values(API_KEY_ROUTES)
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(table).toEqual(served);
    expect(apiKeyClient().routes).toBe(API_KEY_ROUTES);
  });
});
