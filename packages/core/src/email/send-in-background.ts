import type { AuthContext } from "../context/auth-context.js";

/**
 * Calls an app's email sender without awaiting it: the response must not wait on a mail server, and
 * must take the same time whether or not an email goes out (or anyone could probe which addresses
 * have accounts). Tracked by `auth.settled()`; failures are logged, never shown to the client.
 */
export function sendInBackground(
  auth: Pick<AuthContext, "background">,
  what: string,
  send: () => Promise<void> | void,
): void {
  auth.background.run(what, send);
}
