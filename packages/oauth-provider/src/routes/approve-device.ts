import { defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { decideDeviceCode } from "../device-codes.js";
import { DEVICE_ERRORS } from "../device-errors.js";

/** POST /device/approve {userCode}: the signed-in user approves the device sign-in they opened (RFC 8628 §3.3). */
export const approveDevice = defineEndpoint(
  {
    method: "POST",
    path: "/device/approve",
    body: z.object({ userCode: z.string().min(1).max(32) }),
    session: "required",
    credentials: "own-session",
    rateLimit: { window: 60, max: 10 },
    openapi: {
      summary: "Approve a device sign-in",
      response: z.object({ success: z.boolean() }),
      errors: Object.values(DEVICE_ERRORS),
    },
  },
  async (ctx) => {
    const session = { id: ctx.session.session.id, userId: ctx.session.user.id };
    await decideDeviceCode(ctx.auth.db, ctx.body.userCode, session, "approved", ctx.auth.now());
    return { success: true };
  },
);
