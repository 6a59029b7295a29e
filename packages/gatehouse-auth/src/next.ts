/** The Next.js App Router route handler and session helper: @gatehouse-auth/core/next. */
export * from "@gatehouse-auth/core/next";
