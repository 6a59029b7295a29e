import { defineEndpoint, refreshSessionUser, statusResponse } from "@gatehouse-auth/core";
import { z } from "zod";
import { TWO_FACTOR_TAG } from "../intercept-two-factor-sign-in.js";
import { requirePassword } from "../require-password.js";
import { MODEL, findTwoFactorRow } from "../two-factor-record.js";

const body = z.strictObject({ password: z.string().max(4096).optional() });

/**
 * POST /two-factor/disable {password}: turns two-factor off, forgets the secret and the backup codes, and
 * revokes every trusted browser (the row keeps its trust generation, bumped, so a later enable does not
 * revive old trust cookies).
 */
export const disableTwoFactor = defineEndpoint(
  {
    method: "POST",
    path: "/two-factor/disable",
    body,
    session: "required",
    tags: [TWO_FACTOR_TAG],
    credentials: "own-session",
    openapi: { summary: "Disable two-factor authentication", response: statusResponse },
  },
  async (ctx) => {
    const { user } = ctx.session;
    await requirePassword(ctx, user, ctx.body.password);
    const updated = await ctx.auth.transaction(async (tx) => {
      const row = await findTwoFactorRow(tx.db, user.id);
      if (row) {
        await tx.db.updateMany({
          model: MODEL,
          where: [{ field: "userId", value: user.id }],
          update: { secret: "", backupCodes: "[]", trustGeneration: row.trustGeneration + 1 },
        });
      }
      return tx.users.update(user.id, { twoFactorEnabled: false });
    });
    if (updated) refreshSessionUser(ctx, updated);
    return { status: true };
  },
);
