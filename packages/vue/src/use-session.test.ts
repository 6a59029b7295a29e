import { browserFetch, cheapPasswordHasher, makeTestAuth } from "@gatehouse-auth/core/testing";
import { organization } from "@gatehouse-auth/organization";
import { organizationClient } from "@gatehouse-auth/organization/client";
import { describe, expect, it, vi } from "vitest";
import { createApp, defineComponent, effectScope, h } from "vue";
import { createAuthClient } from "./index.js";

function setUp() {
  const auth = makeTestAuth({
    emailAndPassword: { enabled: true, password: cheapPasswordHasher },
    plugins: [organization()],
  });
  return createAuthClient({
    baseURL: "http://localhost:3000",
    plugins: [organizationClient()],
    fetchOptions: { fetch: browserFetch(auth) },
  });
}

describe("Vue composables", () => {
  it("a component follows sign-up, an organization call and sign-out; unmounting unsubscribes", async () => {
    const client = setUp();
    const Who = defineComponent(() => {
      // Typed from the server's plugins: no annotations.
      const session = client.useSession();
      const active = client.useActiveOrganization();
      const list = client.useListOrganizations();
      return () =>
        h(
          "span",
          `${session.value.isPending ? "…" : (session.value.data?.user.name ?? "nobody")}|${active.value.data?.name ?? "none"}|${(list.value.data ?? []).map((o) => o.name).join(",")}`,
        );
    });
    const el = document.createElement("div");
    const app = createApp(() => h("div", [h(Who), h(Who)]));
    app.mount(el as unknown as Element);
    await vi.waitFor(() => expect(el.textContent).toBe("nobody|none|nobody|none|"));

    await client.signUp.email({ name: "Ada", email: "ada@example.com", password: "password-123" });
    await vi.waitFor(() => expect(el.textContent).toBe("Ada|none|Ada|none|"));
    await client.organization.create({ name: "Acme", slug: "acme" });
    await vi.waitFor(() => expect(el.textContent).toBe("Ada|Acme|AcmeAda|Acme|Acme"));
    await client.signOut();
    await vi.waitFor(() => expect(el.textContent).toBe("nobody|none|nobody|none|"));

    app.unmount();
    // Every component's subscription ended with it (the plugin stores let go of the session store
    // when nanostores unmounts them, 1 s after their last listener).
    expect(client.$activeOrganization.lc).toBe(0);
    expect(client.$listOrganizations.lc).toBe(0);
    await vi.waitFor(() => expect(client.$session.lc).toBe(0), { timeout: 3000 });
    client.$store.dispose();
  });

  it("outside a component, an effect scope owns the subscription", async () => {
    const client = setUp();
    const scope = effectScope();
    const session = scope.run(() => client.useSession());
    await vi.waitFor(() => expect(session?.value.isPending).toBe(false));
    expect(session?.value.data).toBeNull();
    expect(client.$session.lc).toBe(1);
    scope.stop();
    expect(client.$session.lc).toBe(0);
    client.$store.dispose();
  });
  it("on the server (no window) it shows the pending state, subscribes to nothing and asks nothing", async () => {
    let fetches = 0;
    const counting = (async () => {
      fetches++;
      return new Response("null", { headers: { "content-type": "application/json" } });
    }) as typeof fetch;
    const client = createAuthClient({ baseURL: "http://localhost:3000", fetchOptions: { fetch: counting } });
    const saved = globalThis.window;
    Reflect.deleteProperty(globalThis, "window");
    try {
      const session = client.useSession();
      expect(session.value.isPending).toBe(true);
      expect(client.$session.lc).toBe(0);
    } finally {
      Object.assign(globalThis, { window: saved });
    }
    await Promise.resolve();
    expect(fetches).toBe(0);
    client.$store.dispose();
  });
});
