/** createAuthClient with useSession and friends for React: @gatehouse-auth/react. */
export * from "@gatehouse-auth/react";
