import { defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { claimDeviceCode } from "../device-codes.js";
import { DEVICE_ERRORS } from "../device-errors.js";
import type { ClientStore } from "../oauth-client.js";

/**
 * GET /device?user_code=…: the verification page looks the typed code up. It claims the code for the
 * signed-in user (nobody else may then decide it) and answers what the page shows: which client asks for
 * which scopes. Rate-limited: user codes are short.
 */
export const getDevice = (clients: ClientStore) =>
  defineEndpoint(
    {
      method: "GET",
      path: "/device",
      query: z.object({ user_code: z.string().min(1).max(32) }),
      session: "required",
      // Approving a device mints a grant for the user: only their own real session (no key, no impersonator).
      credentials: "own-session",
      rateLimit: { window: 60, max: 10 },
      openapi: {
        summary: "Look up (and claim) a device sign-in by its user code",
        response: z.object({
          userCode: z.string(),
          clientId: z.string(),
          clientName: z.string().nullable(),
          scopes: z.array(z.string()),
        }),
        errors: Object.values(DEVICE_ERRORS),
      },
    },
    async (ctx) => {
      const row = await claimDeviceCode(ctx.auth.db, ctx.query.user_code, ctx.session.user.id, ctx.auth.now());
      const client = await clients.find(ctx.auth, row.clientId);
      return {
        userCode: ctx.query.user_code.toUpperCase(),
        clientId: row.clientId,
        clientName: client?.name ?? null,
        scopes: row.scopes.split(" ").filter((s) => s !== ""),
      };
    },
  );
