import { makeTestAuth } from "@gatehouse-auth/core/testing";
import { act, createElement } from "react";
import { createRoot } from "react-dom/client";
import { Window } from "happy-dom";
import { describe, expect, it, vi } from "vitest";
import { organization } from "@gatehouse-auth/organization";
import { organizationClient } from "@gatehouse-auth/organization/client";
import { type ReactAuthClient, createAuthClient } from "./index.js";

// A DOM for React, while fetch/Request/Response stay Node's: a browser Headers would hide Set-Cookie
// from our in-process "browser", which must read it to keep its cookie jar.
const dom = new Window({ url: "http://localhost:3000" });
Object.assign(globalThis, {
  window: dom,
  document: dom.document,
  navigator: dom.navigator,
  IS_REACT_ACT_ENVIRONMENT: true,
});

function browserFetch(auth: ReturnType<typeof makeTestAuth>) {
  const jar = new Map<string, string>();
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("origin", "http://localhost:3000");
    if (jar.size) headers.set("cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
    const res = await auth.handler(new Request(String(input), { ...init, headers }), { clientAddress: "127.0.0.1" });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      if (pair.slice(eq + 1) === "" || /max-age=0/i.test(line)) jar.delete(pair.slice(0, eq));
      else jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return res;
  }) as typeof fetch;
}

function Who({ client }: { client: ReactAuthClient }) {
  const { data, isPending } = client.useSession();
  return createElement("span", null, isPending ? "…" : (data?.user.name ?? "nobody"));
}

function ActiveOrg({ client }: { client: ReactAuthClient<[ReturnType<typeof organizationClient>]> }) {
  // Both hooks are typed from the server's endpoints: no annotations needed.
  const active = client.useActiveOrganization();
  const list = client.useListOrganizations();
  const names = (list.data ?? []).map((o) => o.name).join(",");
  return createElement("span", null, `${active.data?.name ?? "none"}|${names}`);
}

describe("useSession", () => {
  it("renders pending, then the signed-in user, then nobody after sign-out; one get-session for two components", async () => {
    const auth = makeTestAuth();
    const fetcher = browserFetch(auth);
    let sessionFetches = 0;
    const counting = ((input: string | URL | Request, init?: RequestInit) => {
      if (String(input).includes("/get-session")) sessionFetches++;
      return fetcher(input, init);
    }) as typeof fetch;
    const client = createAuthClient({ baseURL: "http://localhost:3000", fetchOptions: { fetch: counting } });
    await client.signUp.email({ name: "Ada", email: "ada@example.com", password: "password-123" });
    await new Promise((r) => setTimeout(r, 30)); // let the post-sign-up refetch settle
    sessionFetches = 0;
    const container = document.createElement("div");
    const root = createRoot(container);
    await act(async () => {
      root.render(createElement("div", null, createElement(Who, { client }), createElement(Who, { client })));
    });
    await vi.waitFor(() => expect(container.textContent).toBe("AdaAda"));
    expect(sessionFetches).toBeLessThanOrEqual(1);

    await act(async () => {
      await client.signOut();
    });
    await vi.waitFor(() => expect(container.textContent).toBe("nobodynobody"));
    await act(async () => root.unmount());
    client.$store.dispose();
  });

  it("useActiveOrganization and useListOrganizations follow organization calls", async () => {
    const auth = makeTestAuth({ plugins: [organization()] });
    const client = createAuthClient({
      baseURL: "http://localhost:3000",
      plugins: [organizationClient()],
      fetchOptions: { fetch: browserFetch(auth) },
    });
    await client.signUp.email({ name: "Ada", email: "org@example.com", password: "password-123" });
    const container = document.createElement("div");
    const root = createRoot(container);
    await act(async () => root.render(createElement(ActiveOrg, { client })));
    await vi.waitFor(() => expect(container.textContent).toBe("none|"));
    await act(async () => {
      await client.organization.create({ name: "Acme", slug: "acme" });
    });
    await vi.waitFor(() => expect(container.textContent).toBe("Acme|Acme"));
    let secondId = "";
    await act(async () => {
      const r = await client.organization.create({ name: "Beta", slug: "beta", keepCurrentActiveOrganization: true });
      secondId = r.data?.id ?? "";
    });
    await vi.waitFor(() => expect(container.textContent).toBe("Acme|Acme,Beta"));
    await act(async () => {
      await client.organization.setActive({ organizationId: secondId });
    });
    await vi.waitFor(() => expect(container.textContent).toBe("Beta|Acme,Beta"));
    await act(async () => root.unmount());
  });
});
