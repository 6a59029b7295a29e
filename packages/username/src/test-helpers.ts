// Shared by the *.test.ts files of this package: an auth with the plugin on the memory adapter, and
// sign-up over HTTP with a username.
import type { AuthOptions } from "@gatehouse-auth/core";
import { createTestClient, makeTestAuth } from "@gatehouse-auth/core/testing";
import type { Auth } from "@gatehouse-auth/core";
import type { UsernameOptions } from "./username-options.js";
import { username } from "./username-plugin.js";

export const PASSWORD = "password-123";

/** An auth with `username(options)` first, then `extra.plugins`. */
export function makeUsernameAuth(options: UsernameOptions = {}, extra: Partial<AuthOptions> = {}): Auth {
  return makeTestAuth({ ...extra, plugins: [username(options), ...(extra.plugins ?? [])] });
}

let counter = 0;
/** An address no other test uses. */
export const uniqueEmail = (tag = "user") => `${tag}-${++counter}-${Date.now()}@example.com`;

/** Signs up over HTTP in a fresh client with `body` added (a username, usually); returns the client and answer. */
export async function signUp(auth: Auth, body: Record<string, unknown> = {}) {
  const client = createTestClient(auth);
  const email = uniqueEmail();
  const r = await client.post("/sign-up/email", { name: "Named", email, password: PASSWORD, ...body });
  return { client, email, r };
}

/** How many users hold `email` (0 when the sign-up created nothing). */
export function countUsers(auth: Auth, field: string, value: string) {
  return auth.$context.db.count({ model: "user", where: [{ field, value }] });
}
