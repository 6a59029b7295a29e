/** @gatehouse-auth/email-otp/client — the browser half: the routes table for the typed client. */
import type { emailOTP } from "./email-otp-plugin.js";
import { EMAIL_OTP_ROUTES } from "./routes-table.js";

export { EMAIL_OTP_ROUTES } from "./routes-table.js";

/**
 * The client plugin: `createAuthClient({ plugins: [emailOTPClient()] })` adds `client.emailOtp.*` and
 * `client.signIn.emailOtp`; sign-in and verify-email refresh the session store.
 */
export function emailOTPClient() {
  const plugin = { id: "email-otp", routes: EMAIL_OTP_ROUTES } as const;
  // Type only: the client infers each call's body and result from the server's endpoints.
  return plugin as typeof plugin & { $endpoints?: ReturnType<typeof emailOTP>["endpoints"] };
}
