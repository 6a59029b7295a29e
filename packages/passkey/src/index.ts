/** @gatehouse-auth/passkey — sign-in with passkeys (WebAuthn discoverable credentials). */
export { passkey } from "./passkey-plugin.js";
export type { PasskeyOptions } from "./passkey-options.js";
export { DEFAULT_PASSKEY_RATE_LIMITS } from "./passkey-options.js";
export { PASSKEY_ERRORS } from "./passkey-errors.js";
export { PASSKEY_ROUTES } from "./routes-table.js";
export type { PublicPasskey } from "./passkey-record.js";
