// Shared by the *.test.ts files of this package: an auth with the plugin, a mail outbox and an
// injectable clock.
import type { AuthOptions } from "@gatehouse-auth/core";
import { createTestClient, makeTestAuth, signUpUser } from "@gatehouse-auth/core/testing";
import type { TestClient } from "@gatehouse-auth/core/testing";
import { magicLink } from "./magic-link-plugin.js";
import type { MagicLinkMessage, MagicLinkOptions } from "./magic-link-options.js";

/** An auth with the plugin; `clock.now` drives the auth's time, `mails` collects the links. */
export function makeLinkAuth(options: Partial<MagicLinkOptions> = {}, extra: Partial<AuthOptions> = {}) {
  const clock = { now: Date.now() };
  const mails: MagicLinkMessage[] = [];
  const auth = makeTestAuth({
    emailAndPassword: { enabled: true },
    advanced: { now: () => clock.now },
    ...extra,
    plugins: [magicLink({ sendMagicLink: (m) => void mails.push(m), ...options }), ...(extra.plugins ?? [])],
  });
  /** The latest link mailed to `email` (mail goes out in the background: wait a tick for it). */
  const lastLink = async (email: string) => {
    await new Promise((r) => setTimeout(r, 0));
    const found = mails.filter((m) => m.email === email).at(-1);
    if (!found) throw new Error(`no magic link to ${email}`);
    return found;
  };
  return { auth, clock, mails, lastLink };
}

/** Asks for a link to `email` as a fresh browser and returns the mailed message. */
export async function requestLink(
  env: ReturnType<typeof makeLinkAuth>,
  email: string,
  body: Record<string, unknown> = { callbackURL: "/dashboard" },
) {
  const r = await createTestClient(env.auth).post("/sign-in/magic-link", { email, ...body });
  if (r.status !== 200) throw new Error(`sign-in/magic-link failed: ${r.status} ${r.text}`);
  return env.lastLink(email);
}

/** Opens a mailed link in `client` (the path below the auth base path, with its query). */
export function openLink(client: Pick<TestClient, "get">, url: string) {
  const u = new URL(url);
  return client.get("/magic-link/verify", { query: Object.fromEntries(u.searchParams) });
}

let seq = 0;
/** A fresh address. */
export const newEmail = (tag = "ml") => `${tag}-${++seq}-${Math.random().toString(36).slice(2, 8)}@example.com`;

export { createTestClient, signUpUser };
