// Shared by the *.test.ts files of this package: an auth with the plugin, and several accounts signed in
// in one browser (one test client = one cookie jar).
import type { AuthOptions } from "@gatehouse-auth/core";
import { createTestClient, makeTestAuth } from "@gatehouse-auth/core/testing";
import type { TestClient } from "@gatehouse-auth/core/testing";
import { multiSession } from "./multi-session-plugin.js";
import type { MultiSessionOptions } from "./multi-session-options.js";

/** The secret makeTestAuth uses: tests forge and re-sign cookies with it. */
export const TEST_SECRET = "test-secret-0123456789abcdef0123456789";
/** Every test account's password. */
export const PASSWORD = "password-123";

/**
 * An auth on the memory adapter with the plugin (and `extra.plugins` after it); `clock.now` drives time,
 * and each reading moves it on by 1 ms, so accounts added one after another are ordered as in a browser.
 */
export function makeMultiAuth(options: MultiSessionOptions = {}, extra: Partial<AuthOptions> = {}) {
  const clock = { now: Date.now() };
  const auth = makeTestAuth({
    emailAndPassword: { enabled: true },
    advanced: { now: () => ++clock.now },
    ...extra,
    plugins: [multiSession(options), ...(extra.plugins ?? [])],
  });
  return { auth, clock };
}

type TestAuth = ReturnType<typeof makeMultiAuth>["auth"];

let seq = 0;
/** A fresh address. */
export const newEmail = (tag = "ms") => `${tag}-${++seq}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** An account created in its own browser (that browser is then thrown away); returns its email and id. */
export async function newAccount(auth: TestAuth, tag = "ms"): Promise<{ email: string; userId: string }> {
  const email = newEmail(tag);
  const r = await createTestClient(auth).post("/sign-up/email", { name: tag, email, password: PASSWORD });
  if (r.status !== 200) throw new Error(`sign-up failed: ${r.status} ${r.text}`);
  return { email, userId: r.body.user.id };
}

/** Signs `browser` in to `email` (adding an account to it); returns the new session token. */
export async function signInTo(browser: TestClient, email: string, body: Record<string, unknown> = {}) {
  const r = await browser.post("/sign-in/email", { email, password: PASSWORD, ...body });
  if (r.status !== 200) throw new Error(`sign-in failed: ${r.status} ${r.text}`);
  return r.body.token as string;
}

/** The user id the browser is signed in as, or null. */
export async function whoAmI(browser: TestClient, query: Record<string, string> = {}): Promise<string | null> {
  const r = await browser.get("/get-session", { query });
  return (r.body?.user?.id as string | undefined) ?? null;
}

/** The user ids of the browser's device sessions, in the order listed. */
export async function deviceUsers(browser: TestClient): Promise<string[]> {
  const r = await browser.get("/multi-session/list-device-sessions");
  if (r.status !== 200) throw new Error(`list-device-sessions failed: ${r.status} ${r.text}`);
  return (r.body as { user: { id: string } }[]).map((s) => s.user.id);
}

/** Whether a session token still names a live session (straight from storage). */
export async function isLive(auth: TestAuth, token: string): Promise<boolean> {
  return (await auth.$context.sessions.findByToken(token)) !== null;
}

/** The id of the session a token stands for (what list-device-sessions answers instead of tokens). */
export async function sessionIdOf(auth: TestAuth, token: string): Promise<string> {
  const found = await auth.$context.sessions.findByToken(token);
  if (!found) throw new Error("no live session for that token");
  return found.session.id;
}

/** The jar's multi-session cookie names. */
export const deviceCookieNames = (browser: TestClient) =>
  [...browser.cookies.keys()].filter((name) => name.includes(".multi_session_"));

export { createTestClient };
