import { createAuthClient } from "@gatehouse-auth/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  AcceptInvitation,
  AccountSettings,
  type Capabilities,
  ForgotPassword,
  GatehouseUI,
  OrganizationSettings,
  OrganizationSwitcher,
  RequireRole,
  ResetPassword,
  SignIn,
  SignUp,
  SignedIn,
  SignedOut,
  UserButton,
  VerifyEmail,
} from "../src/index.js";

const capabilities: Capabilities = {
  emailAndPassword: {
    enabled: true,
    signUp: true,
    minPasswordLength: 10,
    maxPasswordLength: 128,
    requireEmailVerification: false,
  },
  socialProviders: [{ id: "github", name: "GitHub" }],
  plugins: ["magic-link", "email-otp", "passkey", "username", "two-factor"],
};

describe("server rendering (no DOM: Node's environment)", () => {
  it("has no window, and renders every component without touching it or fetching", async () => {
    expect(typeof window).toBe("undefined");
    let fetched = 0;
    const client = createAuthClient({
      baseURL: "http://localhost:3000",
      fetchOptions: {
        fetch: (async () => {
          fetched++;
          return new Response("null", { headers: { "content-type": "application/json" } });
        }) as typeof fetch,
      },
    });
    const html = renderToString(
      <GatehouseUI client={client} capabilities={capabilities} theme="dark">
        <SignIn signUpUrl="/sign-up" forgotPasswordUrl="/forgot" />
        <SignUp signInUrl="/sign-in" />
        <ForgotPassword resetPasswordUrl="/reset" />
        <ResetPassword />
        <VerifyEmail />
        <SignedIn>secret</SignedIn>
        <SignedOut>out</SignedOut>
        <RequireRole roles="admin">admin-only</RequireRole>
        <UserButton accountUrl="/account" />
      </GatehouseUI>,
    );
    // The server's configuration shapes the form: username, magic link, code, passkey, GitHub.
    expect(html).toContain("Email or username");
    expect(html).toContain("Email link");
    expect(html).toContain("Email code");
    expect(html).toContain("Sign in with a passkey");
    expect(html).toContain("Continue with GitHub");
    expect(html).toContain("At least 10 characters.");
    expect(html).toContain('data-theme="dark"');
    // The guards wait for the session: nothing is shown as if signed in (or out) before it is known.
    expect(html).not.toContain("secret");
    expect(html).not.toContain("admin-only");
    await Promise.resolve();
    // Rendering sent no request: the session is fetched by the browser after hydration.
    expect(fetched).toBe(0);
  });

  it("renders AccountSettings signed in: every section, listings in their loading state, no request", () => {
    // A client whose session is already known (as after hydration); its other methods must not be called
    // during render — any call would throw here, since the object has none.
    const client = {
      useSession: () => ({
        data: { user: { id: "u1", name: "Ada Lovelace", email: "ada@example.com" }, session: {} },
        isPending: false,
      }),
    };
    const html = renderToString(
      <GatehouseUI client={client} capabilities={capabilities} theme="light">
        <AccountSettings changeEmail deleteAccount />
      </GatehouseUI>,
    );
    for (const text of ["Profile", "Ada Lovelace", "New email", "Current password", "At least 10 characters."])
      expect(html).toContain(text);
    for (const text of ["Devices", "Linked accounts", "Delete account", "Loading…"]) expect(html).toContain(text);
    expect(html).toContain('minLength="10"');
    expect(html).toContain('maxLength="128"');
    // Without the server's change-email and delete-user on, those parts are not offered.
    const plain = renderToString(
      <GatehouseUI client={client} capabilities={capabilities}>
        <AccountSettings />
      </GatehouseUI>,
    );
    expect(plain).not.toContain("New email");
    expect(plain).not.toContain("Delete account");
  });

  it("renders AccountSettings' two-factor, passkey and API-key sections only when the server has the plugin", () => {
    const client = {
      useSession: () => ({
        data: {
          user: { id: "u1", name: "Ada Lovelace", email: "ada@example.com", twoFactorEnabled: true },
          session: {},
        },
        isPending: false,
      }),
    };
    const render = (plugins: string[]) =>
      renderToString(
        <GatehouseUI client={client} capabilities={{ ...capabilities, plugins }} theme="dark">
          <AccountSettings />
        </GatehouseUI>,
      );
    const all = render(["two-factor", "passkey", "api-key"]);
    // Two-factor is on for this user: its card offers turning it off and new backup codes, not turning it on.
    for (const text of ["Two-step verification", "New backup codes…", "Turn off…", "Passkeys", "Add a passkey"])
      expect(all).toContain(text);
    for (const text of ["API keys", "Create key", "Never", "Loading…"]) expect(all).toContain(text);
    expect(all).not.toContain("Turn on two-step verification");
    const none = render([]);
    for (const text of ["Two-step verification", "Passkeys", "API keys"]) expect(none).not.toContain(text);
    // An app's override of one of these strings is used.
    const french = renderToString(
      <GatehouseUI
        client={client}
        capabilities={{ ...capabilities, plugins: ["passkey"] }}
        messages={{ ui: { passkeysTitle: "Clés d'accès" } }}
      >
        <AccountSettings />
      </GatehouseUI>,
    );
    expect(french).toContain("Clés d&#x27;accès");
  });

  it("renders the organization components signed in: the active one, lists loading, no request", () => {
    // The session and organizationClient()'s store are known (as after hydration); any other call would
    // throw, since the object has no other method.
    const organization = { id: "o1", name: "Acme Rockets", slug: "acme", logo: null, teams: [] };
    const state = { data: organization, isPending: false, error: null };
    const client = {
      useSession: () => ({
        data: { user: { id: "u1", name: "Ada Lovelace", email: "ada@example.com" }, session: {} },
        isPending: false,
      }),
      $activeOrganization: { get: () => state, listen: () => () => {} },
    };
    const html = renderToString(
      <GatehouseUI client={client} capabilities={capabilities} messages={{ ui: { personalAccount: "Perso" } }}>
        <OrganizationSwitcher />
        <OrganizationSettings />
        <AcceptInvitation invitationId="inv-1" />
      </GatehouseUI>,
    );
    // The switcher names the active organization; its list is fetched only once opened.
    expect(html).toContain("Organization: Acme Rockets");
    expect(html).toContain('aria-haspopup="listbox"');
    expect(html).not.toContain('role="listbox"');
    // Permissions are the server's answer, asked after mount: until then the settings say loading.
    expect(html).toContain("Acme Rockets");
    expect(html).toContain("Loading…");
    expect(html).toContain("Invitation");
    // Nothing active: the empty state; an app's override of an organization string is used.
    const none = { get: () => ({ data: null, isPending: false, error: null }), listen: () => () => {} };
    const noneActive = { ...client, $activeOrganization: none };
    const empty = renderToString(
      <GatehouseUI client={noneActive} messages={{ ui: { personalAccount: "Perso" } }}>
        <OrganizationSwitcher />
        <OrganizationSettings />
      </GatehouseUI>,
    );
    expect(empty).toContain("Organization: Perso");
    expect(empty).toContain("Choose an organization to see its settings.");
  });

  it("imports without a DOM (the module graph reads no browser global at load)", async () => {
    const mod = await import("../src/index.js");
    expect(Object.keys(mod)).toContain("SignIn");
  });
});
