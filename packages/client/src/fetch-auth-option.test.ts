import { describe, expect, it } from "vitest";
import { createAuthClient } from "./create-auth-client.js";

/** A fetch that records the Authorization header of each request and answers with `headers`. */
function recording(headers: Record<string, string> = {}) {
  const seen: (string | null)[] = [];
  const fetcher = (async (_input: string | URL | Request, init: RequestInit = {}) => {
    seen.push(new Headers(init.headers).get("authorization"));
    return new Response("{}", { status: 200, headers });
  }) as typeof fetch;
  return { fetcher, seen };
}

describe("fetchOptions.auth and onResponse", () => {
  it("sends the bearer token, read afresh at each request, and nothing when it is empty", async () => {
    let token: string | null = null;
    const { fetcher, seen } = recording();
    const client = createAuthClient({
      baseURL: "http://app.test",
      fetchOptions: { fetch: fetcher, auth: { type: "Bearer", token: () => token } },
    });
    await client.listSessions();
    token = "abc.def";
    await client.listSessions();
    // The session store's get-session sends it too.
    await client.$store.refetch();
    expect(seen).toEqual([null, "Bearer abc.def", "Bearer abc.def"]);
  });

  it("never sends a token holding a line break or another control character", async () => {
    const { fetcher, seen } = recording();
    const client = createAuthClient({
      baseURL: "http://app.test",
      fetchOptions: { fetch: fetcher, auth: { type: "Bearer", token: "abc\r\nx-evil: 1" } },
    });
    await client.listSessions();
    expect(seen[0]).toBeNull();
  });

  it("hands every response to onResponse before the body is read, so set-auth-token can be kept", async () => {
    const { fetcher } = recording({ "set-auth-token": "tok.sig" });
    const kept: string[] = [];
    const client = createAuthClient({
      baseURL: "http://app.test",
      fetchOptions: {
        fetch: fetcher,
        onResponse: (res) => {
          const t = res.headers.get("set-auth-token");
          if (t) kept.push(t);
        },
      },
    });
    await client.signIn.email({ email: "a@b.co", password: "pw-123456" });
    expect(kept).toEqual(["tok.sig"]);
  });
});
