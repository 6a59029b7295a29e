import { Window } from "happy-dom";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { describe, expect, it } from "vitest";
import { type Capabilities, GatehouseUI, OrganizationSettings } from "../src/index.js";

// A DOM for React (this file only: vitest isolates files, the server-render tests keep theirs window-free).
const dom = new Window({ url: "http://localhost:3000" });
Object.assign(globalThis, {
  window: dom,
  document: dom.document,
  navigator: dom.navigator,
  IS_REACT_ACT_ENVIRONMENT: true,
});

const capabilities = (plugins: string[]): Capabilities => ({
  emailAndPassword: {
    enabled: true,
    signUp: true,
    minPasswordLength: 10,
    maxPasswordLength: 128,
    requireEmailVerification: false,
  },
  socialProviders: [],
  plugins,
});

type Answer = { data: unknown; error: { code: string; status: number } | null };

/** A client as the components call it: the session, the active organization, and the given calls. */
function fakeClient(calls: Record<string, Record<string, (body: unknown) => Answer>>, asked: string[]) {
  const organization = { id: "o1", name: "Acme", slug: "acme", members: [] };
  const state = { data: organization, isPending: false, error: null };
  const wrap = (ns: string, fns: Record<string, (body: unknown) => Answer>) =>
    Object.fromEntries(
      Object.entries(fns).map(([name, fn]) => [
        name,
        async (body: unknown) => {
          asked.push(`${ns}.${name}`);
          return fn(body);
        },
      ]),
    );
  return {
    useSession: () => ({
      data: { user: { id: "u1", name: "Ada", email: "ada@example.com" }, session: {} },
      isPending: false,
    }),
    $activeOrganization: { get: () => state, listen: () => () => {} },
    ...Object.fromEntries(Object.entries(calls).map(([ns, fns]) => [ns, wrap(ns, fns)])),
  };
}

const ok = (data: unknown): Answer => ({ data, error: null });

/** Renders the settings and lets every request settle (each answers at once: a bounded number of rounds). */
async function render(client: object, plugins: string[]) {
  const host = dom.document.createElement("div");
  dom.document.body.appendChild(host);
  const root = createRoot(host as unknown as Element);
  await act(async () => {
    root.render(
      <GatehouseUI client={client as never} capabilities={capabilities(plugins)}>
        <OrganizationSettings />
      </GatehouseUI>,
    );
  });
  for (let i = 0; i < 20; i++) await act(async () => {});
  const text = host.textContent ?? "";
  await act(async () => root.unmount());
  host.remove();
  return text;
}

function organizationCalls(may: boolean) {
  return {
    hasPermission: () => ok({ success: may }),
    listMembers: () => ok({ members: [], nextCursor: null }),
    listInvitations: () => ok([]),
  };
}

describe("whether <OrganizationSettings> shows the Single sign-on card", () => {
  it("shows it to a manager when the server has sso and answers the connection list", async () => {
    const asked: string[] = [];
    const client = fakeClient(
      { organization: organizationCalls(true), sso: { providers: () => ok({ providers: [], nextCursor: null }) } },
      asked,
    );
    const text = await render(client, ["organization", "sso"]);
    expect(text).toContain("Single sign-on");
    expect(text).toContain("No connection yet.");
    expect(asked).toContain("sso.providers");
  });

  it("renders nothing when the server refuses the list (403), and never asks without the plugin or the client's call", async () => {
    const refused: string[] = [];
    const refusing = fakeClient(
      {
        organization: organizationCalls(true),
        sso: { providers: () => ({ data: null, error: { code: "NOT_ALLOWED_TO_MANAGE_PROVIDERS", status: 403 } }) },
      },
      refused,
    );
    const text = await render(refusing, ["organization", "sso"]);
    expect(refused).toContain("sso.providers");
    expect(text).not.toContain("Single sign-on");

    // The server without sso: the client's call exists but is never made.
    const noPlugin: string[] = [];
    const plain = fakeClient(
      { organization: organizationCalls(true), sso: { providers: () => ok({ providers: [], nextCursor: null }) } },
      noPlugin,
    );
    expect(await render(plain, ["organization"])).not.toContain("Single sign-on");
    expect(noPlugin).not.toContain("sso.providers");

    // The server has sso but the app's client lacks ssoClient(): no card (rather than a list that fails).
    const noClientPlugin = fakeClient({ organization: organizationCalls(true) }, []);
    const without = await render(noClientPlugin, ["organization", "sso"]);
    expect(without).toContain("Members");
    expect(without).not.toContain("Single sign-on");

    // A member the server does not let update the organization: not asked at all.
    const member: string[] = [];
    const asMember = fakeClient(
      { organization: organizationCalls(false), sso: { providers: () => ok({ providers: [], nextCursor: null }) } },
      member,
    );
    expect(await render(asMember, ["organization", "sso"])).not.toContain("Single sign-on");
    expect(member).not.toContain("sso.providers");
  });
});

describe("whether <OrganizationSettings> shows the API keys card", () => {
  /** has-permission answering `keys` for `apiKey: read` and yes to everything else. */
  const calls = (keys: boolean) => ({
    ...organizationCalls(true),
    hasPermission: (body: unknown) =>
      ok({ success: (body as { permissions: Record<string, unknown> }).permissions.apiKey ? keys : true }),
  });
  const keyList = () => ok({ apiKeys: [], total: 0, nextCursor: null });

  it("shows it, on the organization's keys, to a role granted apiKey: read when the server has api-key", async () => {
    const asked: string[] = [];
    const listed: unknown[] = [];
    const client = fakeClient(
      {
        organization: calls(true),
        apiKey: {
          list: (query) => {
            listed.push(query);
            return keyList();
          },
        },
      },
      asked,
    );
    const text = await render(client, ["organization", "api-key"]);
    expect(text).toContain("API keys");
    expect(text).toContain("This organization has no API keys yet.");
    expect(listed).toEqual([{ limit: 20, organizationId: "o1" }]);
  });

  it("never asks for the list without the permission, the plugin or the client's call; a refusal renders nothing", async () => {
    const member: string[] = [];
    const asMember = fakeClient({ organization: calls(false), apiKey: { list: keyList } }, member);
    expect(await render(asMember, ["organization", "api-key"])).not.toContain("API keys");
    expect(member).not.toContain("apiKey.list");

    const noPlugin: string[] = [];
    const plain = fakeClient({ organization: calls(true), apiKey: { list: keyList } }, noPlugin);
    expect(await render(plain, ["organization"])).not.toContain("API keys");
    expect(noPlugin).not.toContain("apiKey.list");

    const noClientPlugin = fakeClient({ organization: calls(true) }, []);
    expect(await render(noClientPlugin, ["organization", "api-key"])).not.toContain("API keys");

    const refused: string[] = [];
    const refusing = fakeClient(
      {
        organization: calls(true),
        apiKey: { list: () => ({ data: null, error: { code: "ORGANIZATION_KEYS_NOT_ALLOWED", status: 403 } }) },
      },
      refused,
    );
    expect(await render(refusing, ["organization", "api-key"])).not.toContain("API keys");
    expect(refused).toContain("apiKey.list");
  });
});
