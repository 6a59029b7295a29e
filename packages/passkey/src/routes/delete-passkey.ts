import { AuthError, defineEndpoint, statusResponse } from "@gatehouse-auth/core";
import { z } from "zod";
import { PASSKEY_ERRORS } from "../passkey-errors.js";
import { MODEL } from "../passkey-record.js";

const body = z.strictObject({ id: z.string().min(1).max(255) });

/**
 * POST /passkey/delete-passkey {id}: removes one of the caller's passkeys (another's → 404). Sensitive:
 * an impersonating admin may not take a sign-in method away from the user.
 */
export const deletePasskey = defineEndpoint(
  {
    method: "POST",
    path: "/passkey/delete-passkey",
    body,
    session: "required",
    credentials: "own-session",
    openapi: {
      summary: "Delete one of your passkeys",
      response: statusResponse,
      errors: [PASSKEY_ERRORS.PASSKEY_NOT_FOUND],
    },
  },
  async (ctx) => {
    // One conditional delete: the owner check and the removal cannot be split by another request.
    const deleted = await ctx.auth.db.deleteMany({
      model: MODEL,
      where: [
        { field: "id", value: ctx.body.id },
        { field: "userId", value: ctx.session.user.id },
      ],
    });
    if (deleted !== 1) throw new AuthError(PASSKEY_ERRORS.PASSKEY_NOT_FOUND);
    return { status: true };
  },
);
