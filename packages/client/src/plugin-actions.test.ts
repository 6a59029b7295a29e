// Plugin actions (calls that are several requests, like the passkey ceremony): the client hands them
// its own call-by-path, with the routes table, store invalidation and onSuccess of ordinary calls.
import { describe, expect, it } from "vitest";
import type { PluginActionContext } from "./client-plugin.js";
import { createAuthClient } from "./create-auth-client.js";
import type { ClientResult } from "./fetch-json.js";

describe("plugin actions", () => {
  it("run in place of a route at their call path, calling routes through the client", async () => {
    const requests: string[] = [];
    const fetcher = (async (input: string | URL | Request, init: RequestInit = {}) => {
      requests.push(`${init.method} ${new URL(String(input)).pathname} ${init.body ?? ""}`);
      return new Response(JSON.stringify({ step: requests.length }), { status: 200 });
    }) as typeof fetch;
    const seen: unknown[] = [];
    const plugin = {
      id: "ceremony",
      routes: { "demo.start": { method: "POST", path: "/demo/begin" } },
      actions: {
        "signIn.demo": async (ctx: PluginActionContext, input: { n: number }): Promise<ClientResult<unknown>> => {
          const first = await ctx.call<{ step: number }>("demo.start", { n: input.n });
          if (first.error) return first;
          return ctx.call("demo.finish", { after: first.data.step });
        },
      },
      onSuccess: (data: unknown) => void seen.push(data),
    } as const;
    const client = createAuthClient({
      baseURL: "http://app.test",
      plugins: [plugin],
      fetchOptions: { fetch: fetcher },
    });
    const result = await client.signIn.demo({ n: 7 });
    expect(result).toEqual({ data: { step: 2 }, error: null });
    expect(requests).toEqual(['POST /api/auth/demo/begin {"n":7}', 'POST /api/auth/demo/finish {"after":1}']);
    expect(seen).toEqual([{ step: 1 }, { step: 2 }]);
    // Other calls are untouched.
    await client.signIn.email({ email: "a@b.co", password: "pw-123456" });
    expect(requests.at(-1)).toContain("POST /api/auth/sign-in/email");
  });
});
