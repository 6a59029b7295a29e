// Shared by the tests that drive a real framework over HTTP (Express, Fastify, Hono).

/** A request that fails the test instead of hanging it; redirects are answered, not followed. */
export function call(url: string, init: RequestInit = {}): Promise<Response> {
  return fetch(url, { redirect: "manual", ...init, signal: AbortSignal.timeout(3000) });
}

/** A JSON POST. */
export const json = (body: unknown, extra: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", ...extra },
  body: JSON.stringify(body),
});

/** The cookies a response set, as a Cookie header sends them back. */
export const cookieOf = (r: Response): string =>
  r.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
