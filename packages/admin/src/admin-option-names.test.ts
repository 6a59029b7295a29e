import { createAuth, memoryAdapter } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { admin } from "./index.js";
import type { AdminOptions } from "./index.js";

describe("admin() option names", () => {
  // As a JavaScript app would pass them: no type checker between the app and createAuth.
  const start = (options: Record<string, unknown>) => () =>
    createAuth({
      database: memoryAdapter(),
      secret: "test-secret-0123456789abcdef0123456789",
      logger: { error: () => {}, warn: () => {} },
      plugins: [admin(options as unknown as AdminOptions)],
    });

  it("accepts every documented option", () => {
    expect(
      start({
        defaultRole: "user",
        adminRoles: ["admin"],
        adminUserIds: ["u1"],
        defaultBanReason: "spam",
        defaultBanExpiresIn: 86_400,
        bannedUserMessage: "Banned",
        impersonationSessionDuration: 600,
        allowImpersonatingAdmins: false,
        allowSensitiveActionsWhileImpersonating: false,
      }),
    ).not.toThrow();
  });

  it("refuses a misspelt option with the right name", () => {
    expect(start({ adminUserId: ["u1"] })).toThrow("admin().adminUserId (did you mean admin().adminUserIds?)");
  });
});
