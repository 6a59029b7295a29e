import type { RouteEntry } from "@gatehouse-auth/core/routes";

const session = ["session"] as const;

/**
 * The plugin's routes: client call path → method, path, and the client state a success makes stale.
 * Browser-safe; the server's endpoints are tested against it (routes-table.test.ts).
 */
export const TWO_FACTOR_ROUTES = {
  "twoFactor.enable": { method: "POST", path: "/two-factor/enable" },
  "twoFactor.disable": { method: "POST", path: "/two-factor/disable", invalidates: session },
  "twoFactor.verifyTotp": { method: "POST", path: "/two-factor/verify-totp", invalidates: session },
  "twoFactor.verifyBackupCode": { method: "POST", path: "/two-factor/verify-backup-code", invalidates: session },
  "twoFactor.sendOtp": { method: "POST", path: "/two-factor/send-otp" },
  "twoFactor.verifyOtp": { method: "POST", path: "/two-factor/verify-otp", invalidates: session },
  "twoFactor.generateBackupCodes": { method: "POST", path: "/two-factor/generate-backup-codes" },
} as const satisfies Record<string, RouteEntry>;
