import { z } from "zod";

/** `idToken` of sign-in/social and link-social (SPEC.md §7): an ID token a native SDK obtained. */
export const idTokenBody = z.strictObject({
  token: z.string().max(16_384),
  nonce: z.string().max(512).optional(),
  accessToken: z.string().max(16_384).optional(),
  refreshToken: z.string().max(16_384).optional(),
  /** When the access token expires, in milliseconds since the epoch (bounded to what a Date can hold). */
  expiresAt: z.number().int().min(0).max(8_640_000_000_000_000).optional(),
});

/** The parsed `idToken` body field. */
export type IdTokenBody = z.output<typeof idTokenBody>;
