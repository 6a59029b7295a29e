import { describe, expect, it } from "vitest";
import type { Api } from "./api.js";
import { can } from "./context.js";
import { loadMe } from "./load-me.js";
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
  it("shows only when the provider's admin API let the user in (loadMe)", () => {
    const all = { user: ["list"] };
    expect(visible({ ...me(all, { oauthProvider: true }), oauthClients: true })).toContain("oauth-clients");
    expect(visible({ ...me(all, { oauthProvider: true }), oauthClients: false })).not.toContain("oauth-clients");
    expect(visible(me(all, { oauthProvider: true }))).not.toContain("oauth-clients");
  });
});

describe("the SSO section", () => {
  it("shows when the sso plugin is installed and organizations may be read", () => {
    expect(visible(me({ organization: ["list", "get"] }, { sso: true }))).toContain("sso");
    expect(visible(me({ organization: ["list", "get"] }, { sso: false }))).not.toContain("sso");
    expect(visible(me({ organization: ["list"] }, { sso: true }))).not.toContain("sso");
  });
});

describe("loadMe", () => {
  const fakeApi = (features: Partial<Me["features"]>, probe: "ok" | "refused", impersonating = false) => {
    const calls: string[] = [];
    const api = {
      get: async (path: string) => {
        calls.push(path);
        if (probe === "refused") return { allowed: false };
        return { allowed: true };
      },
      post: async () => ({}),
      dashboard: {
        get: async () => ({ ...me({}, features), impersonating }),
        post: async () => ({}),
      },
    } as unknown as Api;
    return { api, calls };
  };

  it("probes the provider's admin API only when it is installed, and keeps its answer", async () => {
    const yes = fakeApi({ oauthProvider: true }, "ok");
    expect((await loadMe(yes.api)).oauthClients).toBe(true);
    expect(yes.calls).toEqual(["/oauth2/admin/can-manage-clients"]);
    const refused = fakeApi({ oauthProvider: true }, "refused");
    expect((await loadMe(refused.api)).oauthClients).toBe(false);
    const absent = fakeApi({ oauthProvider: false }, "ok");
    expect((await loadMe(absent.api)).oauthClients).toBe(false);
    expect(absent.calls).toEqual([]);
    const impersonating = fakeApi({ oauthProvider: true }, "ok", true);
    expect((await loadMe(impersonating.api)).oauthClients).toBe(false);
    expect(impersonating.calls).toEqual([]);
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
