import { createAuth, memoryAdapter } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { organization } from "./index.js";
import type { OrganizationOptions } from "./index.js";

describe("organization() option names", () => {
  const start = (options: Record<string, unknown>) => () =>
    createAuth({
      database: memoryAdapter(),
      secret: "test-secret-0123456789abcdef0123456789",
      logger: { error: () => {}, warn: () => {} },
      plugins: [organization(options as OrganizationOptions)],
    });

  it("accepts its own names, nested ones and the app's role names", () => {
    expect(start({ membershipLimit: 5, teams: { enabled: true, defaultTeam: { enabled: false } } })).not.toThrow();
  });

  it("refuses a misspelt name at any level with the right one", () => {
    expect(start({ membershipLimt: 5 })).toThrow(
      "organization().membershipLimt (did you mean organization().membershipLimit?)",
    );
    expect(start({ teams: { enabled: true, maximumTeam: 3 } })).toThrow(
      "organization().teams.maximumTeam (did you mean organization().teams.maximumTeams?)",
    );
  });
});
