// Shared by this package's tests: an auth with the plugin and an injectable clock, and the two
// ceremonies driven over HTTP with a software authenticator.
import type { AuthOptions } from "@gatehouse-auth/core";
import { createTestClient, makeTestAuth, signUpUser } from "@gatehouse-auth/core/testing";
import type { TestClient } from "@gatehouse-auth/core/testing";
import { passkey } from "./passkey-plugin.js";
import type { PasskeyOptions } from "./passkey-options.js";
import { type CeremonyTweaks, SoftAuthenticator } from "./soft-authenticator.js";

/** An auth with the plugin (base URL http://localhost:3000); `clock.now` drives its time. */
export function makePasskeyAuth(options: PasskeyOptions = {}, extra: Partial<AuthOptions> = {}) {
  const clock = { now: Date.now() };
  const auth = makeTestAuth({
    emailAndPassword: { enabled: true },
    advanced: { now: () => clock.now },
    ...extra,
    plugins: [passkey(options), ...(extra.plugins ?? [])],
  });
  return { auth, clock };
}

export type Env = ReturnType<typeof makePasskeyAuth>;

/** Runs a registration in `client` with `authenticator`; returns the verify answer. */
export async function register(
  client: TestClient,
  authenticator: SoftAuthenticator,
  tweaks: CeremonyTweaks = {},
  name?: string,
) {
  const options = await client.post("/passkey/generate-register-options", {});
  if (options.status !== 200) throw new Error(`register options: ${options.status} ${options.text}`);
  const response = authenticator.register(options.body, tweaks);
  return client.post("/passkey/verify-registration", { response, ...(name ? { name } : {}) });
}

/** Runs a sign-in in `client` with `authenticator`; returns the verify answer and the assertion sent. */
export async function authenticate(client: TestClient, authenticator: SoftAuthenticator, tweaks: CeremonyTweaks = {}) {
  const options = await client.post("/passkey/generate-authenticate-options", {});
  if (options.status !== 200) throw new Error(`authenticate options: ${options.status} ${options.text}`);
  const response = authenticator.authenticate(options.body, tweaks);
  return { r: await client.post("/passkey/verify-authentication", { response }), response, options: options.body };
}

/** A signed-up user who registered one passkey with a new authenticator. */
export async function userWithPasskey(env: Env, authenticator = new SoftAuthenticator()) {
  const u = await signUpUser(env.auth);
  const r = await register(u.client, authenticator);
  if (r.status !== 200) throw new Error(`registration failed: ${r.status} ${r.text}`);
  return { ...u, authenticator, passkey: r.body as { id: string; credentialID: string; counter: number } };
}

/** Who a client is signed in as (null when not). */
export async function whoAmI(client: TestClient): Promise<string | null> {
  const r = await client.get("/get-session");
  return (r.body as { user?: { id: string } } | null)?.user?.id ?? null;
}

export { SoftAuthenticator, createTestClient, signUpUser };
