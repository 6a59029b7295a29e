import type { HookContext, SessionWithUser } from "@gatehouse-auth/core";
import {
  type DeviceEntry,
  clearDeviceCookie,
  deviceKeyOf,
  findDeviceEntry,
  readDeviceCookies,
  writeDeviceEntry,
} from "./device-cookies.js";
import { findLiveSession } from "./load-device-session.js";

/**
 * Records the session a request just set as this browser's active one (any sign-in, a switch, a
 * refresh that slid it forward) in the device's set. Impersonation sessions are never recorded: they
 * belong to the admin plugin's own way back. A new session of an account already on the device
 * replaces (and ends) the old one; one account over `maximumSessions` signs the browser out of the
 * account it added longest ago. The session that was active before the request is recorded too when
 * it is missing (a browser signed in before the plugin was installed), so adding an account keeps it.
 */
export async function recordDeviceSession(
  ctx: HookContext,
  data: SessionWithUser,
  maximumSessions: number,
): Promise<void> {
  if (data.session.impersonatedBy) return;
  const { sessions, secret } = ctx.auth;
  const { entries } = readDeviceCookies(ctx);
  const key = deviceKeyOf(secret, data.user.id);
  await keepPreviousSession(ctx, entries, data);

  const same = entries.find((e) => e.key === key);
  const refreshed = same !== undefined && findDeviceEntry([same], data.session.token) !== undefined;
  // The old session of this account was reachable only through the cookie being replaced: end it.
  if (same && !refreshed) await sessions.deleteByToken(same.token, data.user.id);
  const others = entries.filter((e) => e.key !== key);
  const excess = others.length + 1 - maximumSessions;
  for (const old of others.slice(0, Math.max(0, excess))) {
    await sessions.deleteByToken(old.token);
    clearDeviceCookie(ctx, old.name);
  }
  const addedAt = refreshed && same ? same.addedAt : ctx.auth.now();
  writeDeviceEntry(
    ctx,
    { key, token: data.session.token, addedAt, remember: isRemembered(ctx) },
    data.session.expiresAt,
  );
}

/** Adds the request's previous active session to `entries` (and its cookie) when it is live and missing. */
async function keepPreviousSession(ctx: HookContext, entries: DeviceEntry[], data: SessionWithUser): Promise<void> {
  const previous = ctx.auth.sessions.tokenFromCookieHeader(ctx.headers.get("cookie"));
  if (!previous || previous === data.session.token || findDeviceEntry(entries, previous)) return;
  const found = await findLiveSession(ctx, previous);
  if (!found || found.user.id === data.user.id) return;
  const key = deviceKeyOf(ctx.auth.secret, found.user.id);
  if (entries.some((e) => e.key === key)) return;
  const entry = {
    key,
    token: previous,
    addedAt: found.session.createdAt.getTime(),
    remember: !ctx.getCookie(ctx.auth.cookies.dontRemember),
  };
  writeDeviceEntry(ctx, entry, found.session.expiresAt);
  entries.push({ ...entry, name: ctx.auth.cookies.named(`multi_session_${key}`) });
  entries.sort((a, b) => a.addedAt - b.addedAt);
}

/** Whether the session cookie this response sets is persistent (remember-me), read from its Set-Cookie line. */
function isRemembered(ctx: HookContext): boolean {
  const prefix = `${ctx.auth.cookies.sessionToken}=`;
  let line: string | undefined;
  for (const l of ctx.cookies) if (l.startsWith(prefix)) line = l;
  return line ? /;\s*Max-Age=/i.test(line) : !ctx.getCookie(ctx.auth.cookies.dontRemember);
}
