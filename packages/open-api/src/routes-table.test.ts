import { describe, expect, it } from "vitest";
import { methodsOf } from "@gatehouse-auth/core";
import { openAPIClient } from "./client.js";
import { openAPI } from "./open-api-plugin.js";
import { OPEN_API_ROUTES } from "./routes-table.js";

describe("routes table", () => {
  it("lists the plugin's JSON endpoint (the HTML page is for people, not the client)", () => {
    const served = Object.values(openAPI({ disableDefaultReference: true }).endpoints ?? {})
      .flatMap((e) => methodsOf(e.config).map((m) => `${m} ${e.config.path}`))
      .sort();
    expect(Object.values(OPEN_API_ROUTES).map((r) => `${r.method} ${r.path}`)).toEqual(served);
    expect(openAPIClient()).toEqual({ id: "open-api", routes: OPEN_API_ROUTES });
  });
});
