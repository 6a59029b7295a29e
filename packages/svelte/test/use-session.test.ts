import { browserFetch, cheapPasswordHasher, makeTestAuth } from "@gatehouse-auth/core/testing";
import { organization } from "@gatehouse-auth/organization";
import { organizationClient } from "@gatehouse-auth/organization/client";
import { flushSync, mount, unmount } from "svelte";
import { describe, expect, it, vi } from "vitest";
import { createAuthClient } from "../src/index.js";
import Who from "./Who.svelte";

describe("Svelte stores and runes", () => {
  it("a component follows sign-up, an organization call and sign-out; unmounting unsubscribes", async () => {
    const auth = makeTestAuth({
      emailAndPassword: { enabled: true, password: cheapPasswordHasher },
      plugins: [organization()],
    });
    const client = createAuthClient({
      baseURL: "http://localhost:3000",
      plugins: [organizationClient()],
      fetchOptions: { fetch: browserFetch(auth) },
    });
    const target = document.createElement("div") as unknown as HTMLElement;
    const first = mount(Who, { target, props: { client } });
    const second = mount(Who, { target, props: { client } });
    const shown = () => {
      flushSync();
      return target.textContent;
    };
    await vi.waitFor(() => expect(shown()).toBe("nobody|none|nobody|none|"));

    await client.signUp.email({ name: "Ada", email: "ada@example.com", password: "password-123" });
    await vi.waitFor(() => expect(shown()).toBe("Ada|none|Ada|none|"));
    await client.organization.create({ name: "Acme", slug: "acme" });
    await vi.waitFor(() => expect(shown()).toBe("Ada|Acme|AcmeAda|Acme|Acme"));
    await client.signOut();
    await vi.waitFor(() => expect(shown()).toBe("nobody|none|nobody|none|"));

    await unmount(first);
    await unmount(second);
    flushSync();
    expect(client.$activeOrganization.lc).toBe(0);
    expect(client.$listOrganizations.lc).toBe(0);
    await vi.waitFor(() => expect(client.$session.lc).toBe(0), { timeout: 3000 });
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
      expect(session.current.isPending).toBe(true);
      expect(client.$session.lc).toBe(0);
    } finally {
      Object.assign(globalThis, { window: saved });
    }
    await Promise.resolve();
    expect(fetches).toBe(0);
    client.$store.dispose();
  });
});
