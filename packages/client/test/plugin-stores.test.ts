// Plugin stores against a real server (createAuth with the organization and multi-session plugins behind
// fetch): a signed-out page asks for no organization or device list (the server could only answer 401),
// the stores fetch once the session store says there is a user, and clear on sign-out without asking.
import { makeTestAuth } from "@gatehouse-auth/core/testing";
import { multiSession } from "@gatehouse-auth/multi-session";
import { multiSessionClient } from "@gatehouse-auth/multi-session/client";
import { organization } from "@gatehouse-auth/organization";
import { organizationClient } from "@gatehouse-auth/organization/client";
import { describe, expect, it, vi } from "vitest";
import { createAuthClient } from "../src/index.js";

type Auth = ReturnType<typeof makeTestAuth>;

/** A browser over auth.handler: a cookie jar, and a log of every request as `status path`. */
function browser(auth: Auth) {
  const jar = new Map<string, string>();
  const log: string[] = [];
  const fetcher = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("origin", "http://localhost:3000");
    if (jar.size) headers.set("cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
    const res = await auth.handler(new Request(String(input), { ...init, headers }), { clientAddress: "127.0.0.1" });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      const value = pair.slice(eq + 1);
      if (value === "" || /max-age=0/i.test(line)) jar.delete(pair.slice(0, eq));
      else jar.set(pair.slice(0, eq), value);
    }
    log.push(`${res.status} ${new URL(String(input)).pathname.replace("/api/auth", "")}`);
    return res;
  }) as typeof fetch;
  /** The requests made so far to paths starting with `prefix`, then forgets them. */
  const take = (prefix = "") => {
    const seen = log.filter((l) => l.split(" ")[1]?.startsWith(prefix));
    log.length = 0;
    return seen;
  };
  return { fetcher, log, take };
}

function makeClient(fetcher: typeof fetch) {
  return createAuthClient({
    baseURL: "http://localhost:3000",
    fetchOptions: { fetch: fetcher },
    plugins: [organizationClient(), multiSessionClient()],
  });
}

const makeAuth = () => makeTestAuth({ plugins: [organization(), multiSession()] });
/** Lets the client's 10 ms scheduled refetches and any request they start run to the end. */
const settle = () => new Promise((r) => setTimeout(r, 100));
const view = (s: { data: unknown; error: unknown; isPending: boolean }) => ({
  data: s.data,
  error: s.error,
  isPending: s.isPending,
});

describe("plugin stores follow the session store", () => {
  it("signed out: one get-session, no organization or device request, stores settle empty", async () => {
    const auth = makeAuth();
    const { fetcher, log } = browser(auth);
    const client = makeClient(fetcher);
    // What a page does: every store subscribed at once, the plugin stores first.
    const stops = [
      client.$activeOrganization.listen(() => {}),
      client.$listOrganizations.listen(() => {}),
      client.$deviceSessions.listen(() => {}),
      client.$session.listen(() => {}),
    ];
    await vi.waitFor(() => expect(client.$activeOrganization.get().isPending).toBe(false));
    await vi.waitFor(() => expect(client.$deviceSessions.get().isPending).toBe(false));
    await settle();
    expect(log).toEqual(["200 /get-session"]);
    const empty = { data: null, error: null, isPending: false };
    expect(view(client.$activeOrganization.get())).toEqual(empty);
    expect(view(client.$listOrganizations.get())).toEqual(empty);
    expect(view(client.$deviceSessions.get())).toEqual(empty);

    // Focus and calls that make the stores stale go through the same gate while nobody is signed in.
    await client.$activeOrganization.get().refetch();
    await client.$listOrganizations.get().refetch();
    await settle();
    expect(log).toEqual(["200 /get-session"]);
    for (const stop of stops) stop();
    client.$store.dispose();
  });

  it("fetches once there is a user, follows organization calls, clears on sign-out without asking", async () => {
    const auth = makeAuth();
    const { fetcher, log, take } = browser(auth);
    const client = makeClient(fetcher);
    const names: string[] = [];
    const stops = [
      client.$activeOrganization.listen(() => {}),
      client.$deviceSessions.listen(() => {}),
      client.$listOrganizations.listen((s) => names.push((s.data ?? []).map((o) => o.name).join(",") || "-")),
    ];
    await vi.waitFor(() => expect(client.$listOrganizations.get().isPending).toBe(false));
    await settle();
    expect(take()).toEqual(["200 /get-session"]);

    const up = await client.signUp.email({ name: "Ada", email: "ada@example.com", password: "password-123" });
    expect(up.error).toBeNull();
    await vi.waitFor(() => expect(client.$listOrganizations.get().data).toEqual([]));
    await settle();
    // The session first, then each store once, for the user the session names.
    expect(take().sort()).toEqual([
      "200 /get-session",
      "200 /multi-session/list-device-sessions",
      "200 /organization/get-full-organization",
      "200 /organization/list",
      "200 /sign-up/email",
    ]);
    expect(client.$deviceSessions.get().data).toHaveLength(1);

    await client.organization.create({ name: "Acme", slug: "acme" });
    await vi.waitFor(() => expect(client.$activeOrganization.get().data?.name).toBe("Acme"));
    await vi.waitFor(() => expect(names.at(-1)).toBe("Acme"));
    await settle();
    expect(take().sort()).toEqual([
      "200 /organization/create",
      "200 /organization/get-full-organization",
      "200 /organization/list",
    ]);

    expect((await client.signOut()).error).toBeNull();
    await vi.waitFor(() => expect(client.$activeOrganization.get().data).toBeNull());
    await vi.waitFor(() => expect(client.$listOrganizations.get().data).toBeNull());
    await vi.waitFor(() => expect(client.$deviceSessions.get().data).toBeNull());
    await settle();
    expect(take()).toEqual(["200 /sign-out", "200 /get-session"]);
    expect(client.$listOrganizations.get().error).toBeNull();
    expect(names.at(-1)).toBe("-");
    for (const stop of stops) stop();
    client.$store.dispose();
    expect(log.filter((l) => l.startsWith("401"))).toEqual([]);
  });

  it("a store subscribed after the session is known asks once, and drops an answer that lands after sign-out", async () => {
    const auth = makeAuth();
    const { fetcher, take } = browser(auth);
    // The organization list's answer reaches the client only when the test lets it: the request was
    // made while signed in, and its answer is still on the way at sign-out.
    let release: () => void = () => {};
    let holding = false;
    const slow = (async (input: string | URL | Request, init?: RequestInit) => {
      const res = await fetcher(input, init);
      if (holding && String(input).includes("/organization/list")) await new Promise<void>((r) => (release = r));
      return res;
    }) as typeof fetch;
    const client = makeClient(slow);
    const stopSession = client.$session.listen(() => {});
    await client.signUp.email({ name: "Bo", email: "bo@example.com", password: "password-123" });
    await client.organization.create({ name: "Bo's", slug: "bos" });
    await vi.waitFor(() => expect(client.$session.get().data?.user.email).toBe("bo@example.com"));
    await settle();
    take();

    const stopList = client.$listOrganizations.listen(() => {});
    await vi.waitFor(() => expect(client.$listOrganizations.get().data).toHaveLength(1));
    await settle();
    expect(take()).toEqual(["200 /organization/list"]);

    holding = true;
    void client.$listOrganizations.get().refetch();
    await vi.waitFor(() => expect(client.$listOrganizations.get().isRefetching).toBe(true));
    await client.signOut();
    await vi.waitFor(() => expect(client.$listOrganizations.get().data).toBeNull());
    release();
    await settle();
    // The answer for the signed-out user arrived, and was not shown.
    expect(take()).toEqual(["200 /organization/list", "200 /sign-out", "200 /get-session"]);
    expect(view(client.$listOrganizations.get())).toEqual({ data: null, error: null, isPending: false });
    stopList();
    stopSession();
    client.$store.dispose();
  });
});
