import { createAuth, memoryAdapter } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { auditLog } from "./index.js";
import type { AuditLogOptions } from "./index.js";

describe("auditLog() option names", () => {
  // As a JavaScript app would pass them: no type checker between the app and createAuth.
  const start = (options: Record<string, unknown>) => () =>
    createAuth({
      database: memoryAdapter(),
      secret: "test-secret-0123456789abcdef0123456789",
      logger: { error: () => {}, warn: () => {} },
      plugins: [auditLog(options as AuditLogOptions)],
    });

  it("accepts every documented option, and the app's own role names", () => {
    expect(
      start({
        database: true,
        sink: () => {},
        retentionDays: 30,
        adminRoles: ["admin"],
        adminUserIds: ["u1"],
        roles: { auditor: { statements: {} } },
        organizationRoles: ["owner"],
      }),
    ).not.toThrow();
  });

  it("refuses a misspelt option with the right name", () => {
    expect(start({ retentionDay: 30 })).toThrow("audit-log().retentionDay (did you mean audit-log().retentionDays?)");
  });
});
