import type { Auth } from "../create-auth.js";

/** One response as tests see it. */
export interface TestResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are asserted field by field
  body: any;
  text: string;
}

/** Request options of the test client. */
export interface TestRequestOptions {
  headers?: Record<string, string>;
  query?: Record<string, string>;
  /** Send the body verbatim (no JSON encoding). */
  raw?: boolean;
}

/**
 * A browser-like client over `auth.handler`: a cookie jar, the trusted Origin and a matching
 * Sec-Fetch-Site on every request, no network. For plugin authors' tests as much as ours.
 */
export function createTestClient(
  auth: Pick<Auth, "handler" | "options">,
  origin = auth.options.baseURL || "http://localhost:3000",
  /** The peer address the server sees; rate limits key on it. */
  clientAddress = "127.0.0.1",
) {
  const jar = new Map<string, string>();
  const base = `${origin}${auth.options.basePath}`;

  async function request(
    method: string,
    path: string,
    body?: unknown,
    opts: TestRequestOptions = {},
  ): Promise<TestResponse> {
    const url = new URL(base + path);
    for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
    const headers = new Headers({ origin, ...opts.headers });
    // As a browser does: same-origin when the page's origin is the URL's, cross-site otherwise.
    if (!headers.has("sec-fetch-site")) {
      headers.set("sec-fetch-site", headers.get("origin") === url.origin ? "same-origin" : "cross-site");
    }
    if (jar.size) headers.set("cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
    let payload: string | undefined;
    if (body !== undefined) {
      payload = opts.raw ? String(body) : JSON.stringify(body);
      if (!opts.raw && !headers.has("content-type")) headers.set("content-type", "application/json");
    }
    const res = await auth.handler(new Request(url, { method, headers, body: payload }), { clientAddress });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (value === "" || /max-age=0\b/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { status: res.status, headers: res.headers, body: parsed, text };
  }

  return {
    cookies: jar,
    request,
    get: (path: string, opts?: TestRequestOptions) => request("GET", path, undefined, opts),
    post: (path: string, body: unknown = {}, opts?: TestRequestOptions) => request("POST", path, body, opts),
  };
}

/** The client type. */
export type TestClient = ReturnType<typeof createTestClient>;
