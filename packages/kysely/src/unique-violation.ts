// Shared by every SQL adapter (core's adapter/unique-violation.ts).
export { isUniqueViolation } from "@gatehouse-auth/core";
