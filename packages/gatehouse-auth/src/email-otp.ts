/** The email-otp plugin (server): @gatehouse-auth/email-otp. */
export * from "@gatehouse-auth/email-otp";
