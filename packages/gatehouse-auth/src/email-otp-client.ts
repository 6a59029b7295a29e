/** The email-otp plugin's client plugin (browser): @gatehouse-auth/email-otp/client. */
export * from "@gatehouse-auth/email-otp/client";
