// The OpenAPI document with the provider: every HTTP endpoint is an operation, the consent answer needs
// a session, the server-only registration API is not in it.
import { createAuth, memoryAdapter } from "@gatehouse-auth/core";
import { createTestClient } from "@gatehouse-auth/core/testing";
import { jwt } from "@gatehouse-auth/jwt";
import { openAPI } from "@gatehouse-auth/open-api";
import { describe, expect, it } from "vitest";
import { oauthProvider } from "./index.js";

describe("OpenAPI document", () => {
  it("lists the protocol endpoints and the consent answer", async () => {
    const auth = createAuth({
      database: memoryAdapter(),
      secret: "test-secret-0123456789abcdef0123456789",
      baseURL: "http://localhost:3000",
      logger: { error: () => {}, warn: () => {} },
      plugins: [jwt(), oauthProvider({ allowDynamicClientRegistration: true }), openAPI()],
    });
    const r = await createTestClient(auth).get("/open-api/generate-schema");
    expect(r.status).toBe(200);
    const paths = r.body.paths as Record<string, Record<string, { security?: unknown[] }>>;
    for (const path of [
      "/oauth2/authorize",
      "/oauth2/token",
      "/oauth2/userinfo",
      "/oauth2/introspect",
      "/oauth2/revoke",
      "/oauth2/register",
      "/.well-known/openid-configuration",
      "/.well-known/oauth-authorization-server",
    ])
      expect(paths[path], path).toBeDefined();
    expect(paths["/oauth2/consent"]?.post?.security?.length).toBeGreaterThan(0);
    expect(paths["/oauth2/create-client"]).toBeUndefined();
  });
});
