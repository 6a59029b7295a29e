import { memoryAdapter } from "../adapter/memory-adapter.js";
import { type Auth, createAuth } from "../create-auth.js";
import type { AuthOptions } from "../options/auth-options.js";
import { createTestClient, type TestClient } from "./test-client.js";

/** An auth instance on the memory adapter with quiet logs, for tests. */
export function makeTestAuth(extra: Partial<AuthOptions> = {}): Auth {
  return createAuth({
    database: memoryAdapter(),
    secret: "test-secret-0123456789abcdef0123456789",
    baseURL: "http://localhost:3000",
    logger: { error: () => {}, warn: () => {} },
    ...extra,
  });
}

/** Signs a new user up in a fresh client; returns the client, the user and the session token. */
export async function signUpUser(
  auth: Auth,
  email = `user-${Math.random().toString(36).slice(2)}@example.com`,
  password = "password-123",
): Promise<{ client: TestClient; email: string; password: string; userId: string; token: string }> {
  const client = createTestClient(auth);
  const r = await client.post("/sign-up/email", { name: "Test", email, password });
  if (r.status !== 200) throw new Error(`sign-up failed: ${r.status} ${r.text}`);
  return { client, email, password, userId: r.body.user.id, token: r.body.token };
}
