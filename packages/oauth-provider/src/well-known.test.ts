import { createAuth, memoryAdapter, toFetchWellKnown } from "@gatehouse-auth/core";
import { jwt } from "@gatehouse-auth/jwt";
import { describe, expect, it } from "vitest";
import { oauthProvider, oauthWellKnown } from "./index.js";

// The origin-root metadata through core's Fetch mount, as docs/oauth-provider.md mounts it: the documents,
// and their CORS preflight answered as auth.handler answers it (cors on, one trusted frontend).
const APP = "https://spa.example";
const BASE = "https://id.example";

async function mount() {
  const auth = createAuth({
    database: memoryAdapter(),
    baseURL: BASE,
    secret: "well-known-test-secret-0123456789abcdef",
    trustedOrigins: [APP],
    cors: { enabled: true },
    logger: { error: () => {}, warn: () => {} },
    plugins: [jwt(), oauthProvider({})],
  });
  await auth.$context.adapter.migrate?.();
  return toFetchWellKnown(auth, oauthWellKnown(auth));
}

const preflight = (path: string, origin: string, method = "GET") =>
  new Request(`${BASE}${path}`, {
    method: "OPTIONS",
    headers: { origin, "access-control-request-method": method },
  });

describe("oauthWellKnown", () => {
  for (const path of ["/.well-known/oauth-authorization-server/api/auth", "/.well-known/openid-configuration/api/auth"])
    it(`answers ${path} and its CORS preflight as auth.handler does`, async () => {
      const wellKnown = await mount();
      const doc = (await wellKnown(new Request(`${BASE}${path}`, { headers: { origin: APP } }))) as Response;
      expect(doc.status).toBe(200);
      expect(((await doc.json()) as { issuer: string }).issuer).toBe(`${BASE}/api/auth`);
      expect(doc.headers.get("access-control-allow-origin")).toBe(APP);

      const ok = (await wellKnown(preflight(path, APP))) as Response;
      expect(ok.status).toBe(204);
      expect(ok.headers.get("access-control-allow-origin")).toBe(APP);
      expect(ok.headers.get("access-control-allow-methods")).toBe("GET");
      const stranger = (await wellKnown(preflight(path, "https://evil.example"))) as Response;
      expect(stranger.status).toBe(403);
      expect(stranger.headers.get("access-control-allow-origin")).toBeNull();
      // The document takes no write.
      expect(((await wellKnown(preflight(path, APP, "POST"))) as Response).status).toBe(405);
      // A plain OPTIONS is not a preflight: the app's router gets it.
      expect(
        await wellKnown(new Request(`${BASE}${path}`, { method: "OPTIONS", headers: { origin: APP } })),
      ).toBeNull();
    });

  it("leaves other paths, and their preflights, to the app", async () => {
    const wellKnown = await mount();
    expect(await wellKnown(preflight("/.well-known/security.txt", APP))).toBeNull();
    expect(await wellKnown(new Request(`${BASE}/.well-known/oauth-authorization-server/other`))).toBeNull();
  });
});
