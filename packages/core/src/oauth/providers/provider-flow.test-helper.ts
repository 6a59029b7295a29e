import { afterEach, expect } from "vitest";
import type { Auth } from "../../create-auth.js";
import {
  type FakeOAuthServer,
  type FakeRequest,
  type FakeRoute,
  startFakeOAuthServer,
} from "../../testing/fake-oauth-server.js";
import { makeTestAuth } from "../../testing/make-test-auth.js";
import { driveSocialFlow, type SocialFlow } from "../../testing/drive-social-flow.js";
import type { TestClient } from "../../testing/test-client.js";
import type { OAuthProvider } from "../oauth-provider.js";
import { codeChallengeS256 } from "../pkce.js";

/**
 * Shared steps of the provider tests: a fake provider on 127.0.0.1 closed after each test, an auth
 * instance using one provider, and the browser round trip POST /sign-in/social → GET /callback/<id>.
 */

const servers: FakeOAuthServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** Starts a fake provider with the given routes; it is closed after the current test. */
export async function startFakeProvider(routes: Record<string, FakeRoute>): Promise<FakeOAuthServer> {
  const server = await startFakeOAuthServer(routes);
  servers.push(server);
  return server;
}

/** An auth instance with only `provider` configured, under its own id. */
export function authWith(provider: OAuthProvider): Auth {
  return makeTestAuth({ socialProviders: { [provider.id]: provider } });
}

/**
 * Signs in like a browser (see driveSocialFlow) and asserts that both steps answered as a browser
 * expects: the sign-in with an authorization URL, the callback with a redirect.
 */
export async function signInThrough(
  auth: Auth,
  providerId: string,
  code: string,
  options: Parameters<typeof driveSocialFlow>[3] = {},
): Promise<SocialFlow> {
  const flow = await driveSocialFlow(auth, providerId, code, options);
  expect(flow.callback.status, flow.callback.text).toBe(302);
  return flow;
}

/** The signed-in user of a client, or null. */
export async function sessionUser(client: TestClient): Promise<Record<string, unknown> | null> {
  const r = await client.get("/get-session");
  return (r.body?.user as Record<string, unknown> | undefined) ?? null;
}

/** The stored account of a provider (the first one). */
export function storedAccount(auth: Auth, providerId: string) {
  return auth.$context.adapter.findOne<{ accountId: string; userId: string; scope: string | null }>({
    model: "account",
    where: [{ field: "providerId", value: providerId }],
  });
}

/** The client id and secret of an HTTP Basic authorization header (RFC 6749 §2.3.1), or null. */
export function basicCredentials(req: FakeRequest | undefined): [string, string] | null {
  const header = req?.headers.authorization;
  if (typeof header !== "string" || !header.startsWith("Basic ")) return null;
  const decoded = Buffer.from(header.slice(6), "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return [decodeURIComponent(decoded.slice(0, colon)), decodeURIComponent(decoded.slice(colon + 1))];
}

/** The standard parts of an authorization URL, checked in one place. */
export function expectAuthorizationURL(
  url: URL,
  expected: {
    endpoint: string;
    clientIdParam?: string;
    clientId: string;
    providerId: string;
    scope: string | null;
    pkce: boolean;
  },
): void {
  const q = url.searchParams;
  expect(url.origin + url.pathname).toBe(expected.endpoint);
  expect(q.get("response_type")).toBe("code");
  expect(q.get(expected.clientIdParam ?? "client_id")).toBe(expected.clientId);
  expect(q.get("redirect_uri")).toBe(`http://localhost:3000/api/auth/callback/${expected.providerId}`);
  expect(q.get("state")).toMatch(/^[A-Za-z0-9]{32}$/);
  expect(q.get("scope")).toBe(expected.scope);
  if (expected.pkce) {
    expect(q.get("code_challenge_method")).toBe("S256");
    expect(q.get("code_challenge")).toMatch(/^[\w-]{43}$/);
  } else {
    expect(q.get("code_challenge")).toBeNull();
  }
}

/** Asserts that a token request's code_verifier matches the challenge of the authorization URL. */
export function expectVerifierMatches(tokenRequest: FakeRequest | undefined, authorizationURL: URL): void {
  const verifier = tokenRequest?.form?.get("code_verifier") ?? "";
  expect(verifier).toMatch(/^[\w.~-]{128}$/);
  expect(codeChallengeS256(verifier)).toBe(authorizationURL.searchParams.get("code_challenge"));
}
