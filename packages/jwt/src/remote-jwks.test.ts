// The way a resource server verifies these JWTs, end to end: a real HTTP server, a real sign-up and
// GET /token over the network, and jose's createRemoteJWKSet fetching the real /jwks URL.
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createAuth, memoryAdapter } from "@gatehouse-auth/core";
import { toNodeHandler } from "@gatehouse-auth/core/node";
import { createRemoteJWKSet, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jwt } from "./jwt-plugin.js";

let server: Server;
let baseURL = "";

beforeAll(async () => {
  let handler: ReturnType<typeof toNodeHandler> | undefined;
  server = createServer((req, res) => handler?.(req, res));
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const auth = createAuth({
    database: memoryAdapter(),
    secret: "remote-jwks-secret-0123456789abcdef0123",
    baseURL,
    emailAndPassword: { enabled: true },
    logger: { error: () => {}, warn: () => {} },
    plugins: [jwt()],
  });
  handler = toNodeHandler(auth);
});

afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

describe("verifying with createRemoteJWKSet", () => {
  it("a resource server verifies GET /token's JWT against the published /jwks URL", async () => {
    const up = await fetch(`${baseURL}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseURL },
      body: JSON.stringify({ name: "Remote", email: "remote@example.com", password: "password-123" }),
    });
    expect(up.status).toBe(200);
    const { user } = (await up.json()) as { user: { id: string } };
    const cookie = up.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const r = await fetch(`${baseURL}/api/auth/token`, { headers: { cookie } });
    const { token } = (await r.json()) as { token: string };

    // What a resource server writes: the remote key set, and the issuer and audience it expects.
    const jwks = createRemoteJWKSet(new URL(`${baseURL}/api/auth/jwks`));
    const { payload } = await jwtVerify(token, jwks, { issuer: baseURL, audience: baseURL });
    expect(payload.sub).toBe(user.id);
    // The same token with another audience in mind is refused.
    await expect(jwtVerify(token, jwks, { issuer: baseURL, audience: "https://other.example" })).rejects.toThrow();
  });
});
