import type { Auth } from "../create-auth.js";

/**
 * A `fetch` that behaves like a browser on `origin` talking to `auth.handler` in-process: it sends the
 * page's Origin and keeps a cookie jar from Set-Cookie (a cleared or expired cookie leaves the jar).
 * For client tests (framework bindings) that need a real server but no socket.
 */
export function browserFetch(auth: Auth, origin = "http://localhost:3000"): typeof fetch {
  const jar = new Map<string, string>();
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("origin", origin);
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

/** A password hasher for tests: cheap and deterministic (never use it outside tests). */
export const cheapPasswordHasher = {
  hash: async (password: string) => `test$${password}`,
  verify: async ({ hash, password }: { hash: string; password: string }) => hash === `test$${password}`,
};
