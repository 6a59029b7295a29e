import { methodsOf } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { oauthProviderClient } from "./client.js";
import { oauthProvider } from "./oauth-provider-plugin.js";
import { OAUTH_PROVIDER_ROUTES } from "./routes-table.js";

describe("routes table", () => {
  it("matches the server's HTTP endpoints one to one; the client registration API is server only", () => {
    const endpoints = Object.values(oauthProvider().endpoints);
    const served = endpoints
      // RFC 7592's PUT/DELETE endpoint is for registered clients only, outside the typed client's table.
      .filter((e) => !e.config.serverOnly && e.config.path !== "/oauth2/register/:clientId")
      .flatMap((e) => methodsOf(e.config).map((m) => `${m} ${e.config.path}`))
      .sort();
    const table = Object.values(OAUTH_PROVIDER_ROUTES)
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(table).toEqual(served);
    expect(endpoints.filter((e) => e.config.serverOnly).map((e) => e.config.path)).toEqual(["/oauth2/create-client"]);
    expect(oauthProviderClient().routes).toBe(OAUTH_PROVIDER_ROUTES);
  });
});
