import type { HookContext } from "@gatehouse-auth/core";
import { readBearerToken } from "./read-bearer-token.js";

/**
 * Before hook on `sign-out`: core's sign-out ends the session its cookie names and reads no other
 * credential, so a client that signs out with only the bearer header ends that session here. With a
 * cookie present, the cookie decides (as everywhere else), and core ends that session itself.
 */
export async function signOutBearerSession(ctx: HookContext): Promise<void> {
  if (ctx.auth.sessions.tokenFromCookieHeader(ctx.headers.get("cookie"))) return;
  const token = readBearerToken(ctx.auth.secret, ctx.headers.get("authorization"));
  if (token) await ctx.auth.sessions.deleteByToken(token);
}
