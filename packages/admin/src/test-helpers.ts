// Shared by the *.test.ts files of this package: an auth with the plugin, users and admins.
import type { AuthOptions } from "@gatehouse-auth/core";
import { createTestClient, makeTestAuth, signUpUser } from "@gatehouse-auth/core/testing";
import type { TestClient } from "@gatehouse-auth/core/testing";
import type { AdminOptions } from "./admin-options.js";
import { admin } from "./admin-plugin.js";

/** An auth on the memory adapter with the admin plugin. */
export function makeAdminAuth(options: AdminOptions = {}, extra: Partial<AuthOptions> = {}) {
  return makeTestAuth({ ...extra, plugins: [admin(options), ...(extra.plugins ?? [])] });
}

type AdminAuth = ReturnType<typeof makeAdminAuth>;

/** A signed-in user: client, id, email and password. */
export interface TestUser {
  client: TestClient;
  userId: string;
  email: string;
  password: string;
}

let counter = 0;
/** Signs a fresh user up (role: the default). */
export async function newUser(auth: AdminAuth, tag = "u"): Promise<TestUser> {
  const { client, userId, email, password } = await signUpUser(auth, `${tag}-${++counter}-${Date.now()}@example.com`);
  return { client, userId, email, password };
}

/** A fresh user given `role` straight in storage (how an app seeds its first admin). */
export async function newUserWithRole(auth: AdminAuth, role: string, tag = role): Promise<TestUser> {
  const u = await newUser(auth, tag);
  await auth.$context.users.update(u.userId, { role });
  return u;
}

/** A user with a chosen id (ids are random otherwise), created in storage and signed in. */
export async function userWithId(auth: AdminAuth, id: string): Promise<TestUser> {
  const ctx = auth.$context;
  const email = `${id}-${++counter}@example.com`;
  const password = "password-123";
  const hash = await ctx.passwords.hash(password);
  await ctx.users.create({ id, name: id, email, emailVerified: true });
  await ctx.accounts.create({ userId: id, accountId: id, providerId: "credential", password: hash });
  const { client, r } = await signIn(auth, email, password);
  if (r.status !== 200) throw new Error(`sign-in failed: ${r.status} ${r.text}`);
  return { client, userId: id, email, password };
}

/** A fresh admin. */
export function newAdmin(auth: AdminAuth): Promise<TestUser> {
  return newUserWithRole(auth, "admin");
}

/** Signs in again with email and password in a fresh client. */
export async function signIn(auth: AdminAuth, email: string, password: string) {
  const client = createTestClient(auth);
  const r = await client.post("/sign-in/email", { email, password });
  return { client, r };
}

/** The caller's current user id, or null when signed out. */
export async function whoAmI(client: TestClient): Promise<string | null> {
  const r = await client.get("/get-session");
  return (r.body?.user?.id as string | undefined) ?? null;
}
