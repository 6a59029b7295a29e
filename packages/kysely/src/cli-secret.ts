import { randomBytes } from "node:crypto";

/**
 * A new value for GATEHOUSE_SECRET: 32 random bytes, base64url (43 characters, ≥ the 32 that
 * production requires, and safe unquoted in a .env file and a shell).
 */
export function generateSecret(): string {
  return randomBytes(32).toString("base64url");
}
