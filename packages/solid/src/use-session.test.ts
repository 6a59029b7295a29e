import { browserFetch, cheapPasswordHasher, makeTestAuth } from "@gatehouse-auth/core/testing";
import { organization } from "@gatehouse-auth/organization";
import { organizationClient } from "@gatehouse-auth/organization/client";
import { createEffect, createRoot } from "solid-js";
import { describe, expect, it, vi } from "vitest";
import { createAuthClient } from "./index.js";

describe("Solid signals", () => {
  it("effects follow sign-up, an organization call and sign-out; disposing the root unsubscribes", async () => {
    const auth = makeTestAuth({
      emailAndPassword: { enabled: true, password: cheapPasswordHasher },
      plugins: [organization()],
    });
    const client = createAuthClient({
      baseURL: "http://localhost:3000",
      plugins: [organizationClient()],
      fetchOptions: { fetch: browserFetch(auth) },
    });
    let shown = "";
    let runs = 0;
    const dispose = createRoot((dispose) => {
      // Typed from the server's plugins: no annotations.
      const session = client.useSession();
      const active = client.useActiveOrganization();
      const list = client.useListOrganizations();
      createEffect(() => {
        runs++;
        const s = session();
        shown = `${s.isPending ? "…" : (s.data?.user.name ?? "nobody")}|${active().data?.name ?? "none"}|${(list().data ?? []).map((o) => o.name).join(",")}`;
      });
      return dispose;
    });
    await vi.waitFor(() => expect(shown).toBe("nobody|none|"));

    await client.signUp.email({ name: "Ada", email: "ada@example.com", password: "password-123" });
    await vi.waitFor(() => expect(shown).toBe("Ada|none|"));
    await client.organization.create({ name: "Acme", slug: "acme" });
    await vi.waitFor(() => expect(shown).toBe("Ada|Acme|Acme"));
    await client.signOut();
    await vi.waitFor(() => expect(shown).toBe("nobody|none|"));

    dispose();
    expect(client.$activeOrganization.lc).toBe(0);
    expect(client.$listOrganizations.lc).toBe(0);
    await vi.waitFor(() => expect(client.$session.lc).toBe(0), { timeout: 3000 });
    // Nothing the stores do after disposal reaches the effect.
    const after = runs;
    await client.$store.refetch();
    expect(runs).toBe(after);
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
      expect(session().isPending).toBe(true);
      expect(client.$session.lc).toBe(0);
    } finally {
      Object.assign(globalThis, { window: saved });
    }
    await Promise.resolve();
    expect(fetches).toBe(0);
    client.$store.dispose();
  });
});
