import {
  AuthError,
  UniqueConstraintError,
  constantTimeEqual,
  generateRandomString,
  hmacSha256Base64Url,
} from "@gatehouse-auth/core";
import type { AuthContext, Verification } from "@gatehouse-auth/core";
import { PHONE_NUMBER_ERRORS } from "./phone-number-errors.js";
import type { ResolvedPhoneNumberOptions } from "./phone-number-options.js";

/** What a code is for; part of the stored identifier, so a sign-in code never resets a password. */
export type PhoneOtpPurpose = "verify" | "reset";

/**
 * One row per (purpose, number) in the verification table. It outlives its code: it also carries the
 * number's send counter, so a used, dead or expired code still counts toward `sendLimit`.
 */
interface OtpState {
  /** HMAC of the code; "" once used. */
  hash: string;
  attempts: number;
  codeExpiresAt: number;
  sends: number;
  windowStart: number;
}

type Options = Pick<ResolvedPhoneNumberOptions, "otpLength" | "expiresIn" | "allowedAttempts" | "sendLimit">;

const MODEL = "verification";
// A compare-and-swap that keeps losing means heavy contention on one number: give up rather than spin.
const MAX_ROUNDS = 8;

/** The stored identifier of a number's code: `phone-otp:verify:+15550001234`. */
export const phoneOtpIdentifier = (purpose: PhoneOtpPurpose, phoneNumber: string) =>
  `phone-otp:${purpose}:${phoneNumber}`;

// Keyed with the auth secret and bound to the identifier: a leaked table does not give codes away by a
// 10^6 dictionary, and a code's hash is worthless for another number or purpose.
const hashCode = (auth: AuthContext, identifier: string, code: string) =>
  hmacSha256Base64Url(auth.secret, `${identifier}|${code}`);

function parseState(value: string): OtpState | null {
  try {
    const s = JSON.parse(value) as OtpState;
    return typeof s?.hash === "string" && Number.isInteger(s.attempts) && Number.isFinite(s.codeExpiresAt) ? s : null;
  } catch {
    return null;
  }
}

/** The rows of an identifier, oldest first (ties by id), so every request agrees which one is current. */
/** One row per identifier: its id is a keyed hash of the identifier, in the id alphabet [A-Za-z0-9]. */
const rowIdOf = (auth: Pick<AuthContext, "secret">, identifier: string) =>
  hmacSha256Base64Url(auth.secret, `phone-otp-row|${identifier}`).replace(/[-_]/g, "").slice(0, 32);

async function rowsOf(auth: AuthContext, identifier: string): Promise<Verification[]> {
  const rows = await auth.db.findMany<Verification>({
    model: MODEL,
    where: [{ field: "identifier", value: identifier }],
    sortBy: { field: "createdAt", direction: "asc" },
    limit: 20,
  });
  return rows.sort((a, b) => +a.createdAt - +b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Replaces the row's value only if nobody changed it since `row` was read; true when this call did. */
async function swap(auth: AuthContext, row: Verification, next: OtpState, expiresAt?: Date): Promise<boolean> {
  const changed = await auth.db.updateMany({
    model: MODEL,
    where: [
      { field: "id", value: row.id },
      { field: "value", value: row.value },
    ],
    update: { value: JSON.stringify(next), ...(expiresAt && { expiresAt }) },
  });
  return changed === 1;
}

/**
 * Issues a new code for `phoneNumber` (replacing the previous one) and returns it, or throws
 * PHONE_OTP_SEND_LIMIT when the number had `sendLimit.max` codes in the current window. Safe under
 * concurrent requests: every write is a compare-and-swap, so parallel sends cannot exceed the limit.
 */
export async function issuePhoneOtp(
  auth: AuthContext,
  o: Options,
  purpose: PhoneOtpPurpose,
  phoneNumber: string,
): Promise<string> {
  const identifier = phoneOtpIdentifier(purpose, phoneNumber);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const now = auth.now();
    const code = generateRandomString(o.otpLength, "0123456789");
    const fresh = { hash: hashCode(auth, identifier, code), attempts: 0, codeExpiresAt: now + o.expiresIn * 1000 };
    const [current] = await rowsOf(auth, identifier);
    if (!current) {
      const state: OtpState = { ...fresh, sends: 1, windowStart: now };
      // The row id is derived from the identifier, so two first requests for one number collide on the
      // primary key: the loser counts against the winner's row on its next round (a random id let both
      // keep a row and both count as first).
      const created = await auth.db
        .create<Verification>({
          model: MODEL,
          data: {
            id: rowIdOf(auth, identifier),
            identifier,
            value: JSON.stringify(state),
            expiresAt: expiryOf(state, o),
          },
        })
        .then(
          () => true,
          (error: unknown) => {
            if (error instanceof UniqueConstraintError) return false;
            throw error;
          },
        );
      if (created) return code;
      continue;
    }
    const prev = parseState(current.value);
    const inWindow = prev !== null && now < prev.windowStart + o.sendLimit.window * 1000;
    const sends = inWindow ? prev.sends : 0;
    if (sends >= o.sendLimit.max) throw new AuthError(PHONE_NUMBER_ERRORS.PHONE_OTP_SEND_LIMIT);
    const state: OtpState = { ...fresh, sends: sends + 1, windowStart: inWindow ? prev.windowStart : now };
    if (await swap(auth, current, state, expiryOf(state, o))) return code;
  }
  throw new AuthError(PHONE_NUMBER_ERRORS.PHONE_OTP_SEND_LIMIT);
}

// The row lives as long as its code or its send window, whichever ends later (core sweeps expired rows).
const expiryOf = (s: OtpState, o: Options) =>
  new Date(Math.max(s.codeExpiresAt, s.windowStart + o.sendLimit.window * 1000));

/**
 * Checks `code` for `phoneNumber` and uses it up. A wrong code counts an attempt (400 INVALID_OTP); once
 * `allowedAttempts` wrong codes were counted the code is dead (403 TOO_MANY_ATTEMPTS, even for the right
 * one); an expired code is 400 OTP_EXPIRED. `guard` runs once the code is known to be right and before it
 * is used up: whatever it throws refuses the request without spending the code. Returns what `guard` returned.
 *
 * Concurrency: a wrong guess is answered only after its attempt was counted by a compare-and-swap, and a
 * right one is accepted only if its swap to "used" sees the row as it read it — so parallel guesses can
 * neither exceed the limit nor use one code twice.
 */
export async function consumePhoneOtp<T>(
  auth: AuthContext,
  o: Options,
  purpose: PhoneOtpPurpose,
  phoneNumber: string,
  code: string,
  guard: () => Promise<T> | T,
): Promise<T> {
  // Not a code of ours, so it cannot be right; refused without costing the holder an attempt.
  if (!/^\d+$/.test(code) || code.length !== o.otpLength) throw new AuthError(PHONE_NUMBER_ERRORS.INVALID_OTP);
  const identifier = phoneOtpIdentifier(purpose, phoneNumber);
  const given = hashCode(auth, identifier, code);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const [current] = await rowsOf(auth, identifier);
    const state = current ? parseState(current.value) : null;
    if (!current || !state || state.hash === "") throw new AuthError(PHONE_NUMBER_ERRORS.INVALID_OTP);
    if (auth.now() >= state.codeExpiresAt) throw new AuthError(PHONE_NUMBER_ERRORS.OTP_EXPIRED);
    if (state.attempts >= o.allowedAttempts) throw new AuthError(PHONE_NUMBER_ERRORS.TOO_MANY_ATTEMPTS);
    if (!constantTimeEqual(given, state.hash)) {
      if (await swap(auth, current, { ...state, attempts: state.attempts + 1 }))
        throw new AuthError(PHONE_NUMBER_ERRORS.INVALID_OTP);
      continue;
    }
    const result = await guard();
    if (await swap(auth, current, { ...state, hash: "" })) return result;
  }
  throw new AuthError(PHONE_NUMBER_ERRORS.INVALID_OTP);
}

/**
 * Marks the current code of (purpose, number) used, keeping its send counter. Best effort under races:
 * a code issued concurrently stays valid, as it was asked for afterwards.
 */
export async function voidPhoneOtp(auth: AuthContext, purpose: PhoneOtpPurpose, phoneNumber: string): Promise<void> {
  for (const row of await rowsOf(auth, phoneOtpIdentifier(purpose, phoneNumber))) {
    const state = parseState(row.value);
    if (state && state.hash !== "") await swap(auth, row, { ...state, hash: "" });
  }
}
