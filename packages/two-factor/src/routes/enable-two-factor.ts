import { AuthError, UniqueConstraintError, defineEndpoint, symmetricEncrypt } from "@gatehouse-auth/core";
import type { HookContext } from "@gatehouse-auth/core";
import { z } from "zod";
import { generateBackupCodes } from "../backup-codes.js";
import { TWO_FACTOR_TAG } from "../intercept-two-factor-sign-in.js";
import { requirePassword } from "../require-password.js";
import { generateTotpSecret, totpUri } from "../totp.js";
import { MODEL, findTwoFactorRow } from "../two-factor-record.js";
import { TWO_FACTOR_ERRORS } from "../two-factor-errors.js";
import type { ResolvedTwoFactorOptions } from "../two-factor-options.js";

const body = z.strictObject({ password: z.string().max(4096).optional() });

/** The issuer apps show: the option, else the base URL's host. */
export function issuerOf(ctx: HookContext, o: ResolvedTwoFactorOptions): string {
  if (o.issuer) return o.issuer;
  try {
    return new URL(ctx.auth.options.baseURL).host || "Gatehouse";
  } catch {
    return "Gatehouse";
  }
}

/**
 * POST /two-factor/enable {password}: a new TOTP secret (encrypted at rest) and new backup codes, shown
 * this once. Two-factor is on only after /two-factor/verify-totp accepts a code from the app, so a
 * secret nobody scanned cannot lock the user out. Asking again before that replaces both.
 */
export const enableTwoFactor = (o: ResolvedTwoFactorOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/two-factor/enable",
      body,
      session: "required",
      tags: [TWO_FACTOR_TAG],
      credentials: "own-session",
      openapi: {
        summary: "Start enabling two-factor authentication",
        description:
          "Returns the otpauth:// URI for an authenticator app and the backup codes (shown once). Two-factor is on once verify-totp accepts a code. Needs the password (a fresh session for accounts without one).",
        response: z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) }),
        errors: [TWO_FACTOR_ERRORS.TWO_FACTOR_ALREADY_ENABLED, TWO_FACTOR_ERRORS.TWO_FACTOR_PASSWORD_REQUIRED],
      },
    },
    async (ctx) => {
      const { user } = ctx.session;
      await requirePassword(ctx, user, ctx.body.password);
      const fresh = await ctx.auth.users.findById(user.id);
      if ((fresh as { twoFactorEnabled?: boolean } | null)?.twoFactorEnabled === true)
        throw new AuthError(TWO_FACTOR_ERRORS.TWO_FACTOR_ALREADY_ENABLED);
      const secret = generateTotpSecret();
      const backup = generateBackupCodes(ctx.auth, o, user.id);
      const fields = { secret: symmetricEncrypt(ctx.auth.secret, secret), backupCodes: backup.stored, lastTotpStep: 0 };
      const { db } = ctx.auth;
      const write = async () => {
        if (await findTwoFactorRow(db, user.id)) {
          await db.updateMany({ model: MODEL, where: [{ field: "userId", value: user.id }], update: fields });
        } else {
          await db.create({ model: MODEL, data: { userId: user.id, ...fields, trustGeneration: 0 } });
        }
      };
      // Two enables racing: the second insert meets the unique userId and updates instead.
      await write().catch((error: unknown) => {
        if (error instanceof UniqueConstraintError) return write();
        throw error;
      });
      return { totpURI: totpUri(o, secret, issuerOf(ctx, o), user.email), backupCodes: backup.codes };
    },
  );
