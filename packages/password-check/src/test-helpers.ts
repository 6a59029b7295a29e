// Shared by the tests of this package: an auth with the plugin, a captured logger and a reset outbox.
import type { AuthOptions } from "@gatehouse-auth/core";
import { createTestClient, makeTestAuth, signUpUser } from "@gatehouse-auth/core/testing";
import type { PasswordCheckOptions } from "./password-check-options.js";
import { passwordCheck } from "./password-check-plugin.js";

/** An auth with the plugin; `warnings` collects what it logged, `resetTokens` the mailed reset tokens. */
export function makeCheckAuth(options: PasswordCheckOptions = {}, extra: Partial<AuthOptions> = {}) {
  const warnings: string[] = [];
  const resetTokens = new Map<string, string>();
  const auth = makeTestAuth({
    logger: { error: (m) => void warnings.push(m), warn: (m) => void warnings.push(m) },
    ...extra,
    emailAndPassword: {
      enabled: true,
      sendResetPassword: ({ user, token }) => void resetTokens.set(user.email, token),
      ...extra.emailAndPassword,
    },
    plugins: [passwordCheck(options), ...(extra.plugins ?? [])],
  });
  return { auth, warnings, resetTokens };
}

let seq = 0;
/** A fresh address. */
export const newEmail = (tag = "pc") => `${tag}-${++seq}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** A password on no list and strong enough for any `minScore`. */
export const STRONG_PASSWORD = "violet-Tractor-umbrella-93!";

/** A deterministic pseudo-random source (mulberry32), so a failing sample can be replayed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export { createTestClient, signUpUser };
