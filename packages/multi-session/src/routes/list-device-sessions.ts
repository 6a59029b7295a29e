import { defineEndpoint, listedSessionResponse, toListedSession, userResponse } from "@gatehouse-auth/core";
import type { ListedSession, SessionWithUser, User } from "@gatehouse-auth/core";
import { z } from "zod";
import { clearDeviceCookie, findDeviceEntry, readDeviceCookies } from "../device-cookies.js";
import { loadDeviceSession } from "../load-device-session.js";
import type { ResolvedMultiSessionOptions } from "../multi-session-options.js";
import { recordDeviceSession } from "../record-device-session.js";

/** One account of the browser: its session by id (no token), `current` for the active one, and its user. */
export interface DeviceSession {
  session: ListedSession;
  user: User;
}

/**
 * GET /multi-session/list-device-sessions: the accounts this browser is signed in to, oldest first,
 * each session by id (the id set-active and revoke take; never a token: whoever reads a token owns the
 * session, and a page's script must not) with its user, the active one marked `current`. Sessions that expired, were
 * revoked or whose user is refused are dropped and their cookies cleared, as are forged cookies. An
 * active session missing from the set (signed in before the plugin was installed) is added.
 */
export const listDeviceSessions = (o: ResolvedMultiSessionOptions) =>
  defineEndpoint(
    {
      method: "GET",
      path: "/multi-session/list-device-sessions",
      session: "optional",
      // It names every account of the browser: only the browser's own session reads it.
      credentials: "own-session",
      openapi: {
        summary: "List the accounts signed in on this browser",
        description: "Each session by id (what set-active and revoke take), the active one `current`. Empty when none.",
        response: z.array(z.object({ session: listedSessionResponse, user: userResponse })),
      },
    },
    async (ctx): Promise<DeviceSession[]> => {
      const { entries, forged } = readDeviceCookies(ctx);
      for (const name of forged) clearDeviceCookie(ctx, name);
      const found = await Promise.all(entries.map((entry) => loadDeviceSession(ctx, entry)));
      const live: SessionWithUser[] = [];
      entries.forEach((entry, i) => {
        const session = found[i];
        if (session) live.push(session);
        else clearDeviceCookie(ctx, entry.name);
      });
      const active = ctx.session;
      const fromCookie = ctx.auth.sessions.tokenFromCookieHeader(ctx.headers.get("cookie"));
      if (
        active &&
        !active.session.impersonatedBy &&
        active.session.token === fromCookie &&
        !findDeviceEntry(entries, fromCookie)
      ) {
        await recordDeviceSession(ctx, active, o.maximumSessions);
        live.push(active);
      }
      const currentId = active?.session.id ?? null;
      return live.map(({ session, user }) => ({ session: toListedSession(session, currentId), user }));
    },
  );
