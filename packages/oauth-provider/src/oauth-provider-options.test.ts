import { createAuth, memoryAdapter } from "@gatehouse-auth/core";
import { jwt } from "@gatehouse-auth/jwt";
import { describe, expect, it } from "vitest";
import { type OAuthProviderOptions, oauthProvider } from "./index.js";

describe("oauthProvider() options", () => {
  // As a JavaScript app would pass them: no type checker between the app and createAuth.
  const start =
    (options: Record<string, unknown>, withJwt = true) =>
    async () => {
      const auth = createAuth({
        database: memoryAdapter(),
        secret: "test-secret-0123456789abcdef0123456789",
        logger: { error: () => {}, warn: () => {} },
        plugins: [...(withJwt ? [jwt()] : []), oauthProvider(options as unknown as OAuthProviderOptions)],
      });
      await auth.$context.adapter.migrate?.();
      await auth.handler(new Request("http://localhost/api/auth/ok"));
      return auth;
    };

  it("accepts every documented option", async () => {
    await expect(
      start({
        issuer: "https://id.example.com",
        loginPage: "/login",
        consentPage: "/consent",
        clients: [{ clientId: "a", clientSecret: "s", redirectUris: ["https://a.example/cb"] }],
        scopes: ["read:files"],
        resources: ["https://api.example.com"],
        codeExpiresIn: 300,
        accessTokenExpiresIn: 600,
        refreshTokenExpiresIn: 86_400,
      })(),
    ).resolves.toBeTruthy();
  });

  it("refuses a misspelt option, malformed clients and resources at start-up", async () => {
    await expect(start({ loginPgae: "/x" })()).rejects.toThrow("did you mean");
    await expect(
      start({ clients: [{ clientId: "a", redirectUris: ["https://a.example/cb#frag"] }] })(),
    ).rejects.toThrow("invalid redirect URI");
    await expect(
      start({ clients: [{ clientId: "a", clientSecret: "s", tokenEndpointAuthMethod: "none", redirectUris: [] }] })(),
    ).rejects.toThrow("secret");
    await expect(start({ resources: ["not a url"] })()).rejects.toThrow("resource");
    await expect(start({ codeExpiresIn: 3600 })()).rejects.toThrow("codeExpiresIn");
  });

  it("needs the jwt plugin, whose keys sign its tokens: start-up fails and says so", async () => {
    const auth = createAuth({
      database: memoryAdapter(),
      secret: "test-secret-0123456789abcdef0123456789",
      logger: { error: () => {}, warn: () => {} },
      plugins: [oauthProvider()],
    });
    await expect(auth.ready()).rejects.toThrow("needs the jwt() plugin");
  });
});
