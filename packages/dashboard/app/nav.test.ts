import { describe, expect, it } from "vitest";
import { can } from "./context.js";
import { SECTIONS } from "./nav.js";
import type { Me } from "./types.js";

const me = (permissions: Me["permissions"], features: Partial<Me["features"]> = {}): Me => ({
  user: { id: "u1", name: "Ann", email: "ann@example.com", role: "support" },
  impersonating: false,
  permissions,
  features: { organization: true, apiKey: true, auditLog: true, passkey: true, ...features },
  appUrl: "/",
});

const visible = (m: Me) => SECTIONS.filter((s) => s.visible(m)).map((s) => s.path);

describe("what the sidebar shows", () => {
  it("shows every section to a full admin", () => {
    const admin = me({ user: ["list", "get"], organization: ["list", "get"], apiKey: ["list"], auditLog: ["list"] });
    expect(visible(admin)).toEqual(["overview", "users", "organizations", "api-keys", "audit-log"]);
  });

  it("hides sections whose list permission is missing", () => {
    expect(visible(me({ user: ["get"], auditLog: ["list"] }))).toEqual(["overview", "audit-log"]);
  });

  it("hides sections whose plugin is not installed, whatever the permissions", () => {
    const all = { user: ["list"], organization: ["list"], apiKey: ["list"], auditLog: ["list"] };
    expect(visible(me(all, { organization: false, apiKey: false, auditLog: false }))).toEqual(["overview", "users"]);
  });
});

describe("the OAuth clients section", () => {
  it("shows only when oauth-provider is installed (its own API decides who may use it)", () => {
    const all = { user: ["list"] };
    expect(visible(me(all, { oauthProvider: true }))).toContain("oauth-clients");
    expect(visible(me(all, { oauthProvider: false }))).not.toContain("oauth-clients");
    expect(visible(me(all))).not.toContain("oauth-clients");
  });
});

describe("can", () => {
  it("needs every action named", () => {
    const m = me({ user: ["delete"], session: ["revoke"] });
    expect(can(m, "user", "delete")).toBe(true);
    expect(can(m, "user", "delete", "ban")).toBe(false);
    expect(can(m, "apiKey", "delete")).toBe(false);
  });
});
