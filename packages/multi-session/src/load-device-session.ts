import { isAuthError } from "@gatehouse-auth/core";
import type { HookContext, SessionWithUser } from "@gatehouse-auth/core";
import { type DeviceEntry, deviceKeyOf } from "./device-cookies.js";

/**
 * The live session a token stands for, or null when it expired, was revoked, is an impersonation, or
 * belongs to a user the app now refuses (a ban: `validateUser` threw a 4xx). A store outage (5xx) still
 * propagates: it says nothing about the session.
 */
export async function findLiveSession(ctx: HookContext, token: string): Promise<SessionWithUser | null> {
  let found: SessionWithUser | null;
  try {
    found = await ctx.auth.sessions.findByToken(token);
  } catch (error) {
    if (isAuthError(error) && error.status < 500) return null;
    throw error;
  }
  return found && !found.session.impersonatedBy ? found : null;
}

/** The live session behind a device entry, or null (see `findLiveSession`, or not the cookie's user). */
export async function loadDeviceSession(ctx: HookContext, entry: DeviceEntry): Promise<SessionWithUser | null> {
  const found = await findLiveSession(ctx, entry.token);
  return found && deviceKeyOf(ctx.auth.secret, found.user.id) === entry.key ? found : null;
}
