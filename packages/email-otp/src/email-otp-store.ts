import {
  AuthError,
  UniqueConstraintError,
  constantTimeEqual,
  generateRandomString,
  hmacSha256Base64Url,
} from "@gatehouse-auth/core";
import type { AuthContext, Verification } from "@gatehouse-auth/core";
import { EMAIL_OTP_ERRORS } from "./email-otp-errors.js";
import type { EmailOtpType, ResolvedEmailOtpOptions } from "./email-otp-options.js";

/** One outstanding code. */
interface CodeState {
  /** HMAC of the code; "" once used. */
  hash: string;
  attempts: number;
  expiresAt: number;
}

/**
 * One row per address in the verification table (its id derived from the address), holding the code of
 * each type and the address's send counter. One row, so the send limit covers all types together, and every change is one
 * compare-and-swap on it. The row outlives its codes so that a used or dead code still counts.
 */
interface AddressState {
  codes: Partial<Record<EmailOtpType, CodeState>>;
  sends: number;
  windowStart: number;
}

type Options = Pick<ResolvedEmailOtpOptions, "otpLength" | "expiresIn" | "allowedAttempts" | "sendLimit">;

const MODEL = "verification";
// A compare-and-swap that keeps losing means heavy contention on one address: give up rather than spin.
const MAX_ROUNDS = 8;

/**
 * The stored identifier of an address's codes: a keyed hash of the address, so the table neither
 * names the addresses nor exceeds the identifier column for a 254-character address.
 */
export const emailOtpIdentifier = (auth: Pick<AuthContext, "secret">, email: string) =>
  `email-otp:${hmacSha256Base64Url(auth.secret, `email-otp-address|${email}`)}`;

// Keyed with the auth secret and bound to address and type: a leaked table does not give codes away by
// a 10^6 dictionary, and a code's hash is worthless for another address or purpose.
const hashCode = (auth: AuthContext, identifier: string, type: EmailOtpType, code: string) =>
  hmacSha256Base64Url(auth.secret, `${identifier}|${type}|${code}`);

function parseState(value: string): AddressState | null {
  try {
    const s = JSON.parse(value) as AddressState;
    return s && typeof s.codes === "object" && Number.isInteger(s.sends) && Number.isFinite(s.windowStart) ? s : null;
  } catch {
    return null;
  }
}

/**
 * The row's id: derived from the address (a keyed hash, in the id alphabet [A-Za-z0-9]), so an address
 * has at most one row — two first requests racing to insert it collide on the primary key instead of
 * leaving two rows that would each count sends.
 */
const rowIdOf = (auth: Pick<AuthContext, "secret">, email: string) =>
  hmacSha256Base64Url(auth.secret, `email-otp-row|${email}`).replace(/[-_]/g, "").slice(0, 32);

const rowOf = (auth: AuthContext, email: string) =>
  auth.db.findOne<Verification>({ model: MODEL, where: [{ field: "id", value: rowIdOf(auth, email) }] });

// The row lives as long as its longest-lived code or its send window, whichever ends later (expired
// verification rows are swept by core).
function expiryOf(s: AddressState, o: Options): Date {
  const ends = Object.values(s.codes).map((c) => c?.expiresAt ?? 0);
  return new Date(Math.max(s.windowStart + o.sendLimit.window * 1000, ...ends));
}

/** Replaces the row's value only if nobody changed it since `row` was read; true when this call did. */
async function swap(auth: AuthContext, row: Verification, next: AddressState, o: Options): Promise<boolean> {
  const changed = await auth.db.updateMany({
    model: MODEL,
    where: [
      { field: "id", value: row.id },
      { field: "value", value: row.value },
    ],
    update: { value: JSON.stringify(next), expiresAt: expiryOf(next, o) },
  });
  return changed === 1;
}

/**
 * Issues a new code of `type` for `email` (replacing that type's previous code, leaving the others) and
 * returns it, or throws EMAIL_OTP_SEND_LIMIT when the address had `sendLimit.max` codes of any type in
 * the current window. Safe under concurrent requests: every write is a compare-and-swap.
 */
export async function issueEmailOtp(auth: AuthContext, o: Options, email: string, type: EmailOtpType): Promise<string> {
  const identifier = emailOtpIdentifier(auth, email);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const now = auth.now();
    const code = generateRandomString(o.otpLength, "0123456789");
    const fresh: CodeState = {
      hash: hashCode(auth, identifier, type, code),
      attempts: 0,
      expiresAt: now + o.expiresIn * 1000,
    };
    const current = await rowOf(auth, email);
    if (!current) {
      const state: AddressState = { codes: { [type]: fresh }, sends: 1, windowStart: now };
      const created = await auth.db
        .create<Verification>({
          model: MODEL,
          data: { id: rowIdOf(auth, email), identifier, value: JSON.stringify(state), expiresAt: expiryOf(state, o) },
        })
        .then(
          () => true,
          (error: unknown) => {
            // Another request created the row first: count against it on the next round.
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
    if (sends >= o.sendLimit.max) throw new AuthError(EMAIL_OTP_ERRORS.EMAIL_OTP_SEND_LIMIT);
    const state: AddressState = {
      codes: { ...prev?.codes, [type]: fresh },
      sends: sends + 1,
      windowStart: inWindow ? prev.windowStart : now,
    };
    if (await swap(auth, current, state, o)) return code;
  }
  throw new AuthError(EMAIL_OTP_ERRORS.EMAIL_OTP_SEND_LIMIT);
}

/**
 * Checks `code` of `type` for `email` and uses it up. A wrong code counts an attempt (400
 * EMAIL_OTP_INVALID); once `allowedAttempts` wrong codes were counted the code is dead (403
 * EMAIL_OTP_TOO_MANY_ATTEMPTS, even for the right one); an expired code is 400 EMAIL_OTP_EXPIRED.
 * `guard` runs once the code is known to be right and before it is used up: whatever it throws refuses
 * the request without spending the code. Returns what `guard` returned.
 *
 * Concurrency: a wrong guess is answered only after its attempt was counted by a compare-and-swap, and a
 * right one is accepted only if its swap to "used" sees the row as it read it — so parallel guesses can
 * neither exceed the limit nor use one code twice.
 */
export async function consumeEmailOtp<T>(
  auth: AuthContext,
  o: Options,
  email: string,
  type: EmailOtpType,
  code: string,
  guard: () => Promise<T> | T,
): Promise<T> {
  // Not a code of ours, so it cannot be right; refused without costing the holder an attempt.
  if (!/^\d+$/.test(code) || code.length !== o.otpLength) throw new AuthError(EMAIL_OTP_ERRORS.EMAIL_OTP_INVALID);
  const identifier = emailOtpIdentifier(auth, email);
  const given = hashCode(auth, identifier, type, code);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const current = await rowOf(auth, email);
    const state = current ? parseState(current.value) : null;
    const entry = state?.codes[type];
    if (!current || !state || !entry || entry.hash === "") throw new AuthError(EMAIL_OTP_ERRORS.EMAIL_OTP_INVALID);
    if (auth.now() >= entry.expiresAt) throw new AuthError(EMAIL_OTP_ERRORS.EMAIL_OTP_EXPIRED);
    if (entry.attempts >= o.allowedAttempts) throw new AuthError(EMAIL_OTP_ERRORS.EMAIL_OTP_TOO_MANY_ATTEMPTS);
    const withEntry = (next: CodeState): AddressState => ({ ...state, codes: { ...state.codes, [type]: next } });
    if (!constantTimeEqual(given, entry.hash)) {
      if (await swap(auth, current, withEntry({ ...entry, attempts: entry.attempts + 1 }), o))
        throw new AuthError(EMAIL_OTP_ERRORS.EMAIL_OTP_INVALID);
      continue;
    }
    const result = await guard();
    if (await swap(auth, current, withEntry({ ...entry, hash: "" }), o)) return result;
  }
  throw new AuthError(EMAIL_OTP_ERRORS.EMAIL_OTP_INVALID);
}

/**
 * Marks the outstanding code of `type` for `email` used, keeping the send counter. Best effort under
 * races: a code issued concurrently stays valid, as it was asked for afterwards.
 */
export async function voidEmailOtp(auth: AuthContext, o: Options, email: string, type: EmailOtpType): Promise<void> {
  const row = await rowOf(auth, email);
  const state = row ? parseState(row.value) : null;
  const entry = state?.codes[type];
  if (row && state && entry && entry.hash !== "")
    await swap(auth, row, { ...state, codes: { ...state.codes, [type]: { ...entry, hash: "" } } }, o);
}
