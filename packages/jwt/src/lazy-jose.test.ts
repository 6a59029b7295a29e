// Issue 19: jose is ~46 modules, and a server must not load it until it signs its first JWT.
// The mock factory runs exactly when something first imports "jose" (statically or via import()), so
// it observes the load itself; this file must import nothing that pulls jose in (e.g. core/testing).
import { describe, expect, it, vi } from "vitest";

const jose = vi.hoisted(() => ({ loads: 0 }));
vi.mock("jose", async (importOriginal) => {
  jose.loads++;
  return importOriginal();
});

const BASE_URL = "http://localhost:3000";

describe("jose loads on first use", () => {
  it("is not imported by loading core and the plugin or by createAuth, only by the first signed JWT", async () => {
    const { createAuth, memoryAdapter } = await import("@gatehouse-auth/core");
    const { jwt } = await import("./index.js");
    const auth = createAuth({
      database: memoryAdapter(),
      secret: "test-secret-0123456789abcdef0123456789",
      baseURL: BASE_URL,
      logger: { error: () => {}, warn: () => {} },
      plugins: [jwt()],
    });
    const call = (path: string, init: RequestInit = {}) => {
      const headers = new Headers({ origin: BASE_URL, "sec-fetch-site": "same-origin", ...init.headers });
      return auth.handler(new Request(`${BASE_URL}${auth.options.basePath}${path}`, { ...init, headers }));
    };
    expect((await call("/ok")).status).toBe(200);
    expect(jose.loads).toBe(0);

    const signUp = await call("/sign-up/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Lazy", email: "lazy@example.com", password: "password-123" }),
    });
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    // Two first callers at once: both sign, jose loaded once.
    const [a, b] = await Promise.all([
      call("/token", { headers: { cookie } }),
      call("/token", { headers: { cookie } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(((await a.json()) as { token: string }).token.split(".")).toHaveLength(3);
    expect(jose.loads).toBe(1);
  });
});
