import type { RouteEntry } from "@gatehouse-auth/core/routes";

/**
 * The plugin's routes: client call path → method, path, and the client state a success makes stale.
 * Browser-safe; the server's endpoints are tested against it (routes-table.test.ts). The ceremonies
 * (`signIn.passkey`, `passkey.addPasskey`) are client actions built on these calls (client.ts).
 */
export const PASSKEY_ROUTES = {
  "passkey.generateRegisterOptions": { method: "POST", path: "/passkey/generate-register-options" },
  "passkey.verifyRegistration": { method: "POST", path: "/passkey/verify-registration" },
  "passkey.generateAuthenticateOptions": { method: "POST", path: "/passkey/generate-authenticate-options" },
  "passkey.verifyAuthentication": {
    method: "POST",
    path: "/passkey/verify-authentication",
    invalidates: ["session"],
  },
  "passkey.listUserPasskeys": { method: "GET", path: "/passkey/list-user-passkeys" },
  "passkey.updatePasskey": { method: "POST", path: "/passkey/update-passkey" },
  "passkey.deletePasskey": { method: "POST", path: "/passkey/delete-passkey" },
} as const satisfies Record<string, RouteEntry>;
