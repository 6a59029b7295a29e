import { methodsOf } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { multiSessionClient } from "./client.js";
import { multiSession } from "./multi-session-plugin.js";
import { MULTI_SESSION_ROUTES } from "./routes-table.js";

describe("routes table", () => {
  it("matches the server's HTTP endpoints one to one", () => {
    const served = Object.values(multiSession().endpoints)
      .flatMap((e) => methodsOf(e.config).map((m) => `${m} ${e.config.path}`))
      .sort();
    const table = Object.values(MULTI_SESSION_ROUTES)
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(table).toEqual(served);
    expect(multiSessionClient().routes).toBe(MULTI_SESSION_ROUTES);
    expect(multiSessionClient().queries.deviceSessions.path).toBe(
      MULTI_SESSION_ROUTES["multiSession.listDeviceSessions"].path,
    );
  });

  it("gives every route a per-client rate limit by default", () => {
    const plugin = multiSession();
    for (const r of Object.values(MULTI_SESSION_ROUTES)) expect(plugin.rateLimit?.[r.path]).toBeTruthy();
  });

  it("refuses a maximumSessions outside 1..20 at startup", () => {
    for (const bad of [0, -1, 1.5, 21, Number.NaN])
      expect(() => multiSession({ maximumSessions: bad })).toThrow(/maximumSessions/);
    expect(() => multiSession({ maximumSessions: 20 })).not.toThrow();
  });
});
