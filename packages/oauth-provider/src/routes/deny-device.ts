import { defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { decideDeviceCode } from "../device-codes.js";
import { DEVICE_ERRORS } from "../device-errors.js";

/** POST /device/deny {userCode}: the signed-in user denys the device sign-in they opened (RFC 8628 §3.3). */
export const denyDevice = defineEndpoint(
  {
    method: "POST",
    path: "/device/deny",
    body: z.object({ userCode: z.string().min(1).max(32) }),
    session: "required",
    credentials: "own-session",
    rateLimit: { window: 60, max: 10 },
    openapi: {
      summary: "Deny a device sign-in",
      response: z.object({ success: z.boolean() }),
      errors: Object.values(DEVICE_ERRORS),
    },
  },
  async (ctx) => {
    const session = { id: ctx.session.session.id, userId: ctx.session.user.id };
    await decideDeviceCode(ctx.auth.db, ctx.body.userCode, session, "denied", ctx.auth.now());
    return { success: true };
  },
);
