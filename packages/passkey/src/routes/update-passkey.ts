import { AuthError, defineEndpoint, stringInput } from "@gatehouse-auth/core";
import { z } from "zod";
import { PASSKEY_ERRORS } from "../passkey-errors.js";
import { MODEL, type PasskeyRow, findOwnPasskey, publicPasskey } from "../passkey-record.js";
import { passkeySchema } from "../passkey-schema.js";
import { passkeyResponse } from "./passkey-response.js";

const body = z.strictObject({
  id: z.string().min(1).max(255),
  name: stringInput(passkeySchema.passkey.fields.name).trim().min(1),
});

/** POST /passkey/update-passkey {id, name}: renames one of the caller's passkeys (another's → 404). */
export const updatePasskey = defineEndpoint(
  {
    method: "POST",
    path: "/passkey/update-passkey",
    body,
    session: "required",
    credentials: "own-session",
    openapi: {
      summary: "Rename one of your passkeys",
      response: z.object({ passkey: passkeyResponse }),
      errors: [PASSKEY_ERRORS.PASSKEY_NOT_FOUND],
    },
  },
  async (ctx) => {
    const userId = ctx.session.user.id;
    const own = await findOwnPasskey(ctx.auth.db, userId, ctx.body.id);
    if (!own) throw new AuthError(PASSKEY_ERRORS.PASSKEY_NOT_FOUND);
    const row = await ctx.auth.db.update<PasskeyRow>({
      model: MODEL,
      where: [
        { field: "id", value: own.id },
        { field: "userId", value: userId },
      ],
      update: { name: ctx.body.name },
    });
    if (!row) throw new AuthError(PASSKEY_ERRORS.PASSKEY_NOT_FOUND);
    return { passkey: publicPasskey(row) };
  },
);
