import { methodsOf } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { usernameClient } from "./client.js";
import { USERNAME_ROUTES } from "./routes-table.js";
import { username } from "./username-plugin.js";

describe("routes table", () => {
  it("matches the server's HTTP endpoints one to one", () => {
    const served = Object.values(username().endpoints)
      .filter((e) => !e.config.serverOnly)
      .flatMap((e) => methodsOf(e.config).map((m) => `${m} ${e.config.path}`))
      .sort();
    const table = Object.values(USERNAME_ROUTES)
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(table).toEqual(served);
    expect(usernameClient().routes).toBe(USERNAME_ROUTES);
  });
});
