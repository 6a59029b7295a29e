import { SENSITIVE_ACTION_TAG, defineEndpoint, sessionWithUserResponse } from "@gatehouse/core";
import type { SessionWithUser } from "@gatehouse/core";
import { z } from "zod";
import { clearDeviceCookie, findDeviceEntry, readDeviceCookies } from "../device-cookies.js";
import { loadDeviceSession } from "../load-device-session.js";
import type { ResolvedMultiSessionOptions } from "../multi-session-options.js";
import { recordDeviceSession } from "../record-device-session.js";

/**
 * GET /multi-session/list-device-sessions: the accounts this browser is signed in to, oldest first,
 * each session (with the token set-active and revoke take) with its user. Sessions that expired, were
 * revoked or whose user is refused are dropped and their cookies cleared, as are forged cookies. An
 * active session missing from the set (signed in before the plugin was installed) is added.
 */
export const listDeviceSessions = (o: ResolvedMultiSessionOptions) =>
  defineEndpoint(
    {
      method: "GET",
      path: "/multi-session/list-device-sessions",
      session: "optional",
      // The answer holds each session's bearer token (guards such as the admin plugin's cover it).
      tags: [SENSITIVE_ACTION_TAG],
      openapi: {
        summary: "List the accounts signed in on this browser",
        description: "Each session carries the token that set-active and revoke take. Empty when none.",
        response: z.array(sessionWithUserResponse),
      },
    },
    async (ctx): Promise<SessionWithUser[]> => {
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
      return live;
    },
  );
