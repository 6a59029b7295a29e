import { definePlugin } from "@gatehouse-auth/core";
import { PHONE_NUMBER_ERRORS } from "./phone-number-errors.js";
import {
  PHONE_NUMBER_OPTION_KEYS,
  type PhoneNumberOptions,
  resolvePhoneNumberOptions,
} from "./phone-number-options.js";
import { phoneNumberSchema } from "./phone-number-schema.js";
import { requestPhonePasswordReset } from "./routes/request-phone-password-reset.js";
import { resetPhonePassword } from "./routes/reset-phone-password.js";
import { sendPhoneOtp } from "./routes/send-phone-otp.js";
import { signInPhoneNumber } from "./routes/sign-in-phone-number.js";
import { updatePhoneNumber } from "./routes/update-phone-number.js";
import { verifyPhoneNumber } from "./routes/verify-phone-number.js";
import { voidPhoneResetOnPasswordChange } from "./void-phone-reset-on-password-change.js";

/**
 * The phone-number plugin: a unique, E.164-normalized `phoneNumber` on the user, proven by texted codes;
 * sign-in by code or with phone number and password; password reset by phone.
 */
export const phoneNumber = (options: PhoneNumberOptions) => {
  const o = resolvePhoneNumberOptions(options);
  return definePlugin({
    id: "phone-number",
    // A misspelt option (defaultCountries) is refused at start-up instead of silently ignored.
    optionKeys: { given: options, keys: PHONE_NUMBER_OPTION_KEYS },
    schema: phoneNumberSchema,
    errors: PHONE_NUMBER_ERRORS,
    rateLimit: o.rateLimit,
    endpoints: {
      sendPhoneNumberOTP: sendPhoneOtp(o),
      verifyPhoneNumber: verifyPhoneNumber(o),
      updatePhoneNumber: updatePhoneNumber(o),
      signInPhoneNumber: signInPhoneNumber(o),
      requestPhoneNumberPasswordReset: requestPhonePasswordReset(o),
      resetPasswordPhoneNumber: resetPhonePassword(o),
    },
    hooks: { after: [voidPhoneResetOnPasswordChange] },
  });
};
