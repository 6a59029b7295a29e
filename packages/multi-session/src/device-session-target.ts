import { AuthError, deriveSessionToken } from "@gatehouse-auth/core";
import type { HookContext } from "@gatehouse-auth/core";
import { z } from "zod";
import { type DeviceEntry, findDeviceEntry, readDeviceCookies } from "./device-cookies.js";
import { MULTI_SESSION_ERRORS } from "./multi-session-errors.js";

/**
 * Which of the browser's accounts set-active and revoke act on: `{ sessionId }` (what list-device-sessions
 * answers), or better-auth's `{ sessionToken }`. The token form stays safe because only a token held by
 * one of this browser's own signed device cookies is accepted: a token from anywhere else is refused
 * exactly as an unknown id is.
 */
export const deviceSessionTarget = z.union([
  z.strictObject({ sessionId: z.string().min(1).max(255).describe("A session id from list-device-sessions") }),
  z.strictObject({
    sessionToken: z
      .string()
      .min(1)
      .max(512)
      .describe("Deprecated (better-auth's form): a session token held by one of this browser's device cookies"),
  }),
]);

export type DeviceSessionTarget = z.infer<typeof deviceSessionTarget>;

/** The device entry `target` names; 403 `MULTI_SESSION_NOT_ON_DEVICE` when it is not one of this browser's. */
export function findTargetEntry(
  ctx: HookContext,
  target: DeviceSessionTarget,
): { entry: DeviceEntry; all: DeviceEntry[] } {
  const { entries } = readDeviceCookies(ctx);
  // A session's token is derived from its id under the secret: an id names the same entry its token does,
  // and is compared to every entry in full (constant time), like a token.
  const token = "sessionId" in target ? deriveSessionToken(ctx.auth.secret, target.sessionId) : target.sessionToken;
  const entry = findDeviceEntry(entries, token);
  if (!entry) throw new AuthError(MULTI_SESSION_ERRORS.MULTI_SESSION_NOT_ON_DEVICE, { cookies: ctx.cookies });
  return { entry, all: entries };
}
