import { isFalse, isTrue } from "../id-token-claims.js";
import type { ProviderProfile } from "../oauth-provider.js";

/**
 * The email part of a profile. `verified` true (or Apple's "true") vouches for the address, false (or
 * "false") denies it, anything else says nothing — a provider that never reports it passes nothing.
 */
export function providerEmail(
  address: unknown,
  verified?: unknown,
): Pick<ProviderProfile, "email" | "emailVerified" | "emailUnverified"> {
  const email = typeof address === "string" && address ? address : null;
  return {
    email,
    emailVerified: email !== null && isTrue(verified),
    emailUnverified: email !== null && isFalse(verified),
  };
}
