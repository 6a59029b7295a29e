import type { Schema } from "@gatehouse-auth/core";

/**
 * `user.twoFactorEnabled`, and one `twoFactor` row per user who started enabling: the TOTP secret
 * (encrypted with core's symmetric encryption), the backup codes (HMACs, never the codes), the last TOTP
 * step accepted (replay refusal) and the trusted-device generation (bumped to revoke every trusted browser).
 */
export const twoFactorSchema = {
  user: { fields: { twoFactorEnabled: { type: "boolean", required: false, defaultValue: false, input: false } } },
  twoFactor: {
    fields: {
      userId: { type: "string", unique: true, references: { model: "user", field: "id", onDelete: "cascade" } },
      secret: { type: "string", returned: false },
      backupCodes: { type: "string", long: true, returned: false },
      lastTotpStep: { type: "number", defaultValue: 0 },
      trustGeneration: { type: "number", defaultValue: 0 },
    },
  },
} satisfies Schema;
