import { constantTimeEqual } from "@gatehouse-auth/core";
import { Secret, TOTP } from "otpauth";
import type { ResolvedTwoFactorOptions } from "./two-factor-options.js";

/** A new TOTP secret: 20 random bytes (RFC 4226 §4's recommended 160 bits), base32 as apps expect. */
export const generateTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totpOf = (o: ResolvedTwoFactorOptions, secret: string, issuer: string, label: string) =>
  new TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: o.totp.digits,
    period: o.totp.period,
    secret: Secret.fromBase32(secret),
  });

/** The `otpauth://totp/…` URI authenticator apps scan. */
export function totpUri(o: ResolvedTwoFactorOptions, secret: string, issuer: string, account: string): string {
  return totpOf(o, secret, issuer, account).toString();
}

/**
 * The time step `code` belongs to within ±window steps of `now`, or null. Every candidate is compared
 * in constant time; whether that step was already used is the caller's (conditional) write to decide.
 */
export function matchTotpStep(o: ResolvedTwoFactorOptions, secret: string, code: string, now: number): number | null {
  if (!/^\d+$/.test(code) || code.length !== o.totp.digits) return null;
  const totp = totpOf(o, secret, "x", "x");
  const current = Math.floor(now / 1000 / o.totp.period);
  let found: number | null = null;
  for (let step = current - o.totp.window; step <= current + o.totp.window; step++) {
    const expected = totp.generate({ timestamp: step * o.totp.period * 1000 });
    if (constantTimeEqual(expected, code) && found === null) found = step;
  }
  return found;
}
