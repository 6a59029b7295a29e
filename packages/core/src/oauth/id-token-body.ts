import { z } from "zod";
import { MAX_DATE_MS } from "../schema/field-limits.js";

/** `idToken` of sign-in/social and link-social (SPEC.md §7): an ID token a native SDK obtained. */
export const idTokenBody = z.strictObject({
  token: z.string().max(16_384),
  nonce: z.string().max(512).optional(),
  accessToken: z.string().max(16_384).optional(),
  refreshToken: z.string().max(16_384).optional(),
  /** When the access token expires, in milliseconds since the epoch (bounded to what every dialect's date column holds). */
  expiresAt: z.number().int().min(0).max(MAX_DATE_MS).optional(),
});

/** The parsed `idToken` body field. */
export type IdTokenBody = z.output<typeof idTokenBody>;
