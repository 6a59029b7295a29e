/** @gatehouse-auth/phone-number — phone numbers proven by texted codes, sign-in by phone, reset by phone. */
export { phoneNumber } from "./phone-number-plugin.js";
export type { PhoneNumberOptions, PhoneOtpMessage, PhoneRoutePath } from "./phone-number-options.js";
export { DEFAULT_PHONE_RATE_LIMITS } from "./phone-number-options.js";
export { PHONE_NUMBER_ERRORS } from "./phone-number-errors.js";
export { PHONE_NUMBER_ROUTES } from "./routes-table.js";
export { normalizePhoneNumber } from "./normalize-phone-number.js";
