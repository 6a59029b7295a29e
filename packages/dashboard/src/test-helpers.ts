// Shared by the *.test.ts files of this package: an auth with the dashboard and the plugins whose tables
// it reads, on the memory adapter, a fixture build of the browser app, and users of each kind.
import { fileURLToPath } from "node:url";
import { admin } from "@gatehouse-auth/admin";
import type { AdminOptions } from "@gatehouse-auth/admin";
import { apiKey } from "@gatehouse-auth/api-key";
import { auditLog } from "@gatehouse-auth/audit-log";
import type { AuthOptions } from "@gatehouse-auth/core";
import { createTestClient, makeTestAuth, signUpUser } from "@gatehouse-auth/core/testing";
import type { TestClient, TestResponse } from "@gatehouse-auth/core/testing";
import { organization } from "@gatehouse-auth/organization";
import { dashboard } from "./dashboard-plugin.js";
import type { DashboardOptions } from "./dashboard-options.js";

/** A tiny stand-in for Vite's output: a manifest, an entry script and style sheet, an SVG, a PNG. */
export const FIXTURE_APP_DIR = fileURLToPath(new URL("./test-fixtures/app", import.meta.url));

/** The fixture's entry files, as the page must link them. */
export const FIXTURE_SCRIPT = "index-Ab12Cd34.js";
export const FIXTURE_STYLE = "index-Ef56Gh78.css";

/** Not a password hash: a reversible stand-in that keeps scrypt's cost out of the dashboard's tests. */
const CHEAP_PASSWORD_HASH = {
  hash: async (password: string) => `test$${password}`,
  verify: async ({ hash, password }: { hash: string; password: string }) => hash === `test$${password}`,
};

/** What the test auth is built with. */
export interface DashboardEnvOptions {
  dashboard?: DashboardOptions;
  admin?: AdminOptions;
  /** The plugins besides the dashboard; default admin, organization (teams on), API keys, audit log. */
  plugins?: AuthOptions["plugins"];
  extra?: Partial<AuthOptions>;
}

/** An auth with the dashboard (on the fixture build) and the plugins it reads, on the memory adapter. */
export function makeDashboardAuth(options: DashboardEnvOptions = {}) {
  const clock = { now: Date.now() };
  const auth = makeTestAuth({
    // A cheap stand-in for scrypt: these tests sign many users up, and measure queries, not hashing.
    emailAndPassword: { enabled: true, password: CHEAP_PASSWORD_HASH },
    advanced: { now: () => clock.now },
    ...options.extra,
    plugins: [
      dashboard({ assetsDir: FIXTURE_APP_DIR, ...options.dashboard }),
      ...(options.plugins ?? [
        admin(options.admin),
        organization({ teams: { enabled: true }, sendInvitationEmail: () => {} }),
        apiKey(),
        auditLog(),
      ]),
    ],
  });
  return { auth, clock };
}

/** The env `makeDashboardAuth` returns. */
export type DashboardEnv = ReturnType<typeof makeDashboardAuth>;

let counter = 0;
/** A fresh address. */
export const newEmail = (tag = "u") => `${tag}-${++counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** A signed-up user, signed in in its own browser. */
export function newUser(env: DashboardEnv, tag = "u") {
  return signUpUser(env.auth, newEmail(tag));
}

/** Sets a user's role column (comma-separated) in storage, as the admin plugin's set-role would. */
export async function setRole(env: DashboardEnv, userId: string, role: string) {
  await env.auth.$context.db.update({ model: "user", where: [{ field: "id", value: userId }], update: { role } });
}

/** A signed-up user holding `role` (default admin), signed in. */
export async function newAdmin(env: DashboardEnv, role = "admin") {
  const u = await newUser(env, "admin");
  await setRole(env, u.userId, role);
  return u;
}

/** A user with a chosen id (for `adminUserIds`), with a password, signed in. */
export async function userWithId(env: DashboardEnv, id: string) {
  const ctx = env.auth.$context;
  const email = newEmail(id);
  const password = "password-123";
  await ctx.users.create({ id, name: id, email, emailVerified: true });
  await ctx.accounts.create({
    userId: id,
    accountId: id,
    providerId: "credential",
    password: await ctx.passwords.hash(password),
  });
  const client = createTestClient(env.auth);
  const r = await client.post("/sign-in/email", { email, password });
  if (r.status !== 200) throw new Error(`sign-in failed: ${r.status} ${r.text}`);
  return { client, userId: id, email, password };
}

/** Calls a plugin endpoint server-side (`auth.api`), which makeTestAuth's Auth type does not know. */
export async function callApi<T = Record<string, unknown>>(
  env: DashboardEnv,
  name: string,
  input: { body?: unknown; query?: unknown; headers?: Headers },
): Promise<T> {
  const api = env.auth.api as unknown as Record<string, (input: unknown) => Promise<T>>;
  const call = api[name];
  if (!call) throw new Error(`no endpoint ${name}`);
  return call(input);
}

/** Lets the audit log's background writes (not awaited by the request) land. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

export { createTestClient, signUpUser };
export type { TestClient, TestResponse };
