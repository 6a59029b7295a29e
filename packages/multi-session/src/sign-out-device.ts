import type { HookContext } from "@gatehouse-auth/core";
import { clearDeviceCookie, readDeviceCookies } from "./device-cookies.js";

/**
 * After `/sign-out`: signing out of the browser signs out of every account on it (each session ends,
 * each cookie is cleared). To leave one account and keep the others, use `/multi-session/revoke`.
 */
export async function signOutDevice(ctx: HookContext): Promise<void> {
  const { entries, forged } = readDeviceCookies(ctx);
  for (const entry of entries) {
    await ctx.auth.sessions.deleteByToken(entry.token);
    clearDeviceCookie(ctx, entry.name);
  }
  for (const name of forged) clearDeviceCookie(ctx, name);
}
