import { AuthError, defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { generateBackupCodes } from "../backup-codes.js";
import { TWO_FACTOR_TAG } from "../intercept-two-factor-sign-in.js";
import { requirePassword } from "../require-password.js";
import { MODEL, findTwoFactorRow } from "../two-factor-record.js";
import { TWO_FACTOR_ERRORS } from "../two-factor-errors.js";
import type { ResolvedTwoFactorOptions } from "../two-factor-options.js";

const body = z.strictObject({ password: z.string().max(4096).optional() });

/** POST /two-factor/generate-backup-codes {password}: new backup codes, shown once; the old ones stop working. */
export const generateBackupCodesRoute = (o: ResolvedTwoFactorOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/two-factor/generate-backup-codes",
      body,
      session: "required",
      tags: [TWO_FACTOR_TAG],
      credentials: "own-session",
      openapi: {
        summary: "Replace the backup codes",
        response: z.object({ backupCodes: z.array(z.string()) }),
        errors: [TWO_FACTOR_ERRORS.TOTP_NOT_SET_UP],
      },
    },
    async (ctx) => {
      const { user } = ctx.session;
      await requirePassword(ctx, user, ctx.body.password);
      const row = await findTwoFactorRow(ctx.auth.db, user.id);
      if (!row?.secret) throw new AuthError(TWO_FACTOR_ERRORS.TOTP_NOT_SET_UP);
      const backup = generateBackupCodes(ctx.auth, o, user.id);
      await ctx.auth.db.updateMany({
        model: MODEL,
        where: [{ field: "userId", value: user.id }],
        update: { backupCodes: backup.stored },
      });
      return { backupCodes: backup.codes };
    },
  );
