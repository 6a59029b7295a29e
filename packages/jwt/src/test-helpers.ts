// Shared by this package's tests: an auth with the plugin, a movable clock, and a signed-up user.
import type { AdapterFactory, Auth, AuthOptions } from "@gatehouse-auth/core";
import { createAuth, memoryAdapter } from "@gatehouse-auth/core";
import { createTestClient } from "@gatehouse-auth/core/testing";
import type { JwtOptions } from "./jwt-options.js";
import { jwt } from "./jwt-plugin.js";

export const BASE_URL = "http://localhost:3000";

/** An auth with `jwt(options)` on `database` (a fresh memory adapter by default); `clock.now` is its time. */
export function makeJwtAuth(
  options: JwtOptions = {},
  extra: Partial<AuthOptions> = {},
  database?: AdapterFactory,
): { auth: Auth; clock: { now: number } } {
  const clock = { now: Date.now() };
  const auth = createAuth({
    database: database ?? memoryAdapter(),
    secret: "test-secret-0123456789abcdef0123456789",
    baseURL: BASE_URL,
    logger: { error: () => {}, warn: () => {} },
    advanced: { now: () => clock.now },
    ...extra,
    plugins: [jwt(options), ...(extra.plugins ?? [])],
  });
  return { auth, clock };
}

let counter = 0;
/** Signs a fresh user up over HTTP: the cookie client and the user. */
export async function signUp(auth: Auth) {
  const client = createTestClient(auth);
  const email = `jwt-${++counter}-${Date.now()}@example.com`;
  const r = await client.post("/sign-up/email", { name: "Jwt User", email, password: "password-123" });
  if (r.status !== 200) throw new Error(`sign-up failed: ${r.status} ${r.text}`);
  return { client, email, user: r.body.user as { id: string; email: string; name: string }, token: r.body.token };
}
