import { createAuth, memoryAdapter } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { dashboard } from "./index.js";
import type { DashboardOptions } from "./index.js";

describe("dashboard() option names", () => {
  // As a JavaScript app would pass them: no type checker between the app and createAuth.
  const start = (options: Record<string, unknown>) => () =>
    createAuth({
      database: memoryAdapter(),
      secret: "test-secret-0123456789abcdef0123456789",
      logger: { error: () => {}, warn: () => {} },
      plugins: [dashboard(options as unknown as DashboardOptions)],
    });

  it("accepts every documented option, and the app's own role names", () => {
    expect(
      start({
        path: "/admin-dashboard",
        roles: { support: { statements: {} } },
        adminRoles: ["admin"],
        adminUserIds: ["u1"],
        appUrl: "/",
        signInUrl: "/sign-in",
        assetsDir: "/tmp",
      }),
    ).not.toThrow();
  });

  it("refuses a misspelt option with the right name", () => {
    expect(start({ adminUserId: ["u1"] })).toThrow("dashboard().adminUserId (did you mean dashboard().adminUserIds?)");
  });
});
